import type { FileInfo } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/files';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';
import { useDeleteFile } from '../api/files-api';

/** 'Өчүрүү керекпи?' before a file is deleted. */
export function DeleteFileDialog({ file, onClose }: { file: FileInfo; onClose: () => void }) {
  const { t } = useTranslation('files');
  const script = useScript();
  const titleId = useId();
  const remove = useDeleteFile();
  const overlay = useOverlay({ open: true, onClose, persistent: remove.isPending });

  const confirm = () =>
    remove.mutate(file.id, {
      onSuccess: () => {
        void notify(t('remove.done'), { type: 'success' });
        onClose();
      },
    });

  return (
    <Dialog
      open
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{script.text(t('remove.title'))}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {script.text(t('remove.body', { name: file.name }))}
        </DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {script.text(remove.error.message)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={onClose}
          disabled={remove.isPending}
          {...script.label(t('actions.cancel'))}
        >
          {script.text(t('actions.cancel'))}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={confirm}
          loading={remove.isPending}
          {...script.label(t('actions.delete'))}
        >
          {script.text(t('actions.delete'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
