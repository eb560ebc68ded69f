import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/files';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';
import { useFile } from '../api/files-api';
import { useDownload } from '../hooks/use-download';
import { PreviewDialog } from './preview-dialog';

/**
 * The preview dialog of a file known by id only (a person page's gallery): reads the file,
 * then shows it as the files page does, download included.
 */
export function FilePreviewById({ fileId, onClose }: { fileId: number; onClose: () => void }) {
  const { t } = useTranslation('files');
  const script = useScript();
  const file = useFile(fileId);
  const { download, busyId } = useDownload();
  const overlay = useOverlay({ open: !file.data, onClose });

  if (file.data) {
    return (
      <PreviewDialog
        file={file.data}
        onClose={onClose}
        onDownload={() => void download(file.data)}
        downloading={busyId === file.data.id}
      />
    );
  }
  return (
    <Dialog
      open
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-label={t('preview.loading')}
    >
      <DialogContent>
        {file.isError ? (
          <Alert severity="error">{script.text(file.error.message)}</Alert>
        ) : (
          <CircularProgress aria-label={t('preview.loading')} />
        )}
      </DialogContent>
    </Dialog>
  );
}
