import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { MyContributions } from '../../features/genealogy';
import '../../lib/i18n/areas/genealogy';

/** /contributions: the signed-in member's proposals and what became of each. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.contributions')}>
      <MyContributions />
    </PageHeading>
  );
}
