import type { FileInfo } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import '../../../lib/i18n/areas/files';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useDeleteFile } from '../api/files-api';

/** 'Өчүрүү керекпи?' before a file is deleted. */
export function DeleteFileDialog({ file, onClose }: { file: FileInfo; onClose: () => void }) {
  const { t } = useTranslation('files');
  const script = useScript();
  const remove = useDeleteFile();

  const confirm = () =>
    remove.mutate(file.id, {
      onSuccess: () => {
        void notify(t('remove.done'), { type: 'success' });
        onClose();
      },
    });

  return (
    <ConfirmDialog
      open
      title={t('remove.title')}
      text={t('remove.body', { name: file.name })}
      confirmLabel={t('actions.delete')}
      cancelLabel={t('actions.cancel')}
      danger
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {remove.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {script.text(remove.error.message)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
