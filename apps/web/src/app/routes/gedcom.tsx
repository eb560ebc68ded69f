import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { GedcomPageContent } from '../../features/gedcom';

/** GEDCOM import (preview, job, report, history) and export, for moderators and admins. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.gedcom')}>
      <GedcomPageContent />
    </PageHeading>
  );
}
