import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { DuplicatesPageContent } from '../../features/duplicates';

/** The duplicate finder: likely duplicate persons, for moderators and admins. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.duplicates')}>
      <DuplicatesPageContent />
    </PageHeading>
  );
}
