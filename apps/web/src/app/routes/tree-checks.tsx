import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { TreeChecksPageContent } from '../../features/tree-checks';

/** The tree checks: likely errors of the tree by kind, for moderators and admins. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.treeChecks')}>
      <TreeChecksPageContent />
    </PageHeading>
  );
}
