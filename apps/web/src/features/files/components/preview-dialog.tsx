import { formatFileSize, type FileInfo } from '@bagysh/shared';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/files';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';
import { useFileUrl } from '../hooks/use-file-url';
import { KindIcon } from './file-icon';

/**
 * What the dialog shows of a file. The site's CSP allows `blob:` for images only (frames and
 * media fall back to 'self'), and the download URL's own `sandbox` CSP stops Chrome's PDF
 * viewer in a frame: so images are shown here, public audio/video play from their URL, and a
 * PDF opens in a new tab from its bytes (a top-level blob document, not sandboxed).
 */
function PreviewBody({ file }: { file: FileInfo }) {
  const { t } = useTranslation('files');
  const script = useScript();
  const isPublic = file.visibility === 'public';
  const wantsBytes = file.kind === 'image' || file.kind === 'pdf';
  const content = useFileUrl(wantsBytes ? file.url : null, isPublic, file.kind === 'pdf');

  if (file.kind === 'audio' || file.kind === 'video') {
    if (!isPublic) return <Alert severity="info">{script.text(t('preview.media'))}</Alert>;
    return file.kind === 'audio' ? (
      <Box component="audio" controls src={file.url} sx={{ width: '100%' }} />
    ) : (
      <Box component="video" controls src={file.url} sx={{ width: '100%', maxHeight: '70vh' }} />
    );
  }
  if (!wantsBytes) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <KindIcon kind={file.kind} color="action" sx={{ fontSize: 72 }} />
        <Typography color="text.secondary">{script.text(t('preview.none'))}</Typography>
      </Stack>
    );
  }
  if (content.error) return <Alert severity="error">{script.text(t('preview.error'))}</Alert>;
  if (!content.src) {
    return (
      <Box
        role="status"
        aria-label={t('preview.loading')}
        sx={{ display: 'flex', justifyContent: 'center', py: 6 }}
      >
        <CircularProgress />
      </Box>
    );
  }
  if (file.kind === 'image') {
    return (
      <Box
        component="img"
        src={content.src}
        alt={file.description || file.name}
        data-testid="preview-image"
        sx={{
          display: 'block',
          maxWidth: '100%',
          maxHeight: '70vh',
          mx: 'auto',
          objectFit: 'contain',
        }}
      />
    );
  }
  const src = content.src;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
      <KindIcon kind="pdf" color="error" sx={{ fontSize: 72 }} />
      <Typography color="text.secondary">{script.text(t('preview.pdf'))}</Typography>
      <Button
        variant="outlined"
        startIcon={<OpenInNewIcon />}
        data-testid="preview-pdf-open"
        data-blob={src}
        onClick={() => window.open(src, '_blank', 'noopener')}
        {...script.label(t('actions.openNewTab'))}
      >
        {script.text(t('actions.openNewTab'))}
      </Button>
    </Stack>
  );
}

export function PreviewDialog({
  file,
  onClose,
  onDownload,
  downloading,
}: {
  file: FileInfo;
  onClose: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const { t } = useTranslation('files');
  const script = useScript();
  const titleId = useId();
  const overlay = useOverlay({ open: true, onClose });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Dialog
      open
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {script.text(file.name)}
        <Typography variant="body2" color="text.secondary" component="div">
          {script.text(t(`kind.${file.kind}`))} · {formatFileSize(file.size)}
          {file.width && file.height ? ` · ${file.width}×${file.height}` : ''} ·{' '}
          {script.text(file.owner.username)}
        </Typography>
        <IconButton
          onClick={onClose}
          aria-label={t('actions.close')}
          title={t('actions.close')}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <PreviewBody file={file} />
        {file.description && (
          <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {script.text(file.description)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} {...script.label(t('actions.close'))}>
          {script.text(t('actions.close'))}
        </Button>
        <Button
          variant="contained"
          startIcon={
            downloading ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />
          }
          onClick={onDownload}
          aria-busy={downloading}
          {...script.label(t('actions.download'))}
        >
          {script.text(t('actions.download'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
