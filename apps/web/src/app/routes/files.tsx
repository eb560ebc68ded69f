import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { FilesPageContent } from '../../features/files';

/** Uploaded files: upload, browse, preview, download, edit and delete. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.files')}>
      <FilesPageContent />
    </PageHeading>
  );
}
