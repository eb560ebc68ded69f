import { formatFileSize, type FileInfo } from '@bagysh/shared';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/files';
import { useScript } from '../../../lib/script';
import { useFileLink } from '../api/files-api';
import { useOverlay } from '../../../lib/use-overlay';
import { useFileUrl } from '../../../lib/use-file-url';
import { KindIcon } from './file-icon';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';

export function Loading() {
  const { t } = useTranslation('files');
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

export function PreviewError() {
  const { t } = useTranslation('files');
  const script = useScript();
  return <Alert severity="error">{script.text(t('preview.error'))}</Alert>;
}

/**
 * Audio and video. Public files play from their URL; members-only ones from a signed link
 * (players cannot send the token). The link expires after a few minutes while the player keeps
 * asking for ranges: when it fails after expiry, a fresh link resumes where playback was.
 * `onElement` gets the player, for a page that seeks it (a recording's transcript).
 */
export function MediaPlayer({
  file,
  testId,
  onElement,
}: {
  file: FileInfo;
  testId: string;
  onElement?: (element: HTMLMediaElement | null) => void;
}) {
  const isPublic = file.visibility === 'public';
  const link = useFileLink(isPublic ? null : file.id);
  const [failed, setFailed] = useState(false);
  const resumeAt = useRef<number | null>(null);

  if (failed || link.isError) return <PreviewError />;
  const src = isPublic ? file.url : link.data?.url;
  if (!src) return <Loading />;

  const handleError = (event: SyntheticEvent<HTMLMediaElement>) => {
    const expired = link.data && Date.parse(link.data.expires_at) <= Date.now() + 5_000;
    if (!expired) {
      setFailed(true);
      return;
    }
    resumeAt.current = event.currentTarget.currentTime;
    void link.refetch();
  };
  const handleLoadedMetadata = (event: SyntheticEvent<HTMLMediaElement>) => {
    if (resumeAt.current === null) return;
    event.currentTarget.currentTime = resumeAt.current;
    resumeAt.current = null;
  };
  const common = {
    controls: true,
    preload: 'metadata',
    src,
    ref: onElement,
    onError: handleError,
    onLoadedMetadata: handleLoadedMetadata,
    'data-testid': testId,
  };
  return file.kind === 'audio' ? (
    <Box component="audio" {...common} sx={{ width: '100%' }} />
  ) : (
    <Box component="video" {...common} sx={{ width: '100%', maxHeight: '70vh' }} />
  );
}

/**
 * A PDF in the browser's own viewer, inside the dialog. The bytes are fetched (with the token
 * for members-only files) and framed from an object URL typed `application/pdf` (the site's
 * CSP allows `frame-src blob:`): the download URL itself keeps its `sandbox` CSP, which stops
 * Chrome's viewer, so no file response ever loosens its policy.
 */
function PdfPreview({ file }: { file: FileInfo }) {
  const content = useFileUrl(file.url, file.visibility === 'public', 'application/pdf');
  if (content.error) return <PreviewError />;
  if (!content.src) return <Loading />;
  return (
    <Box
      component="iframe"
      src={content.src}
      title={file.name}
      data-testid="preview-pdf"
      sx={{ display: 'block', width: '100%', height: '70vh', border: 0 }}
    />
  );
}

function ImagePreview({ file }: { file: FileInfo }) {
  const content = useFileUrl(file.url, file.visibility === 'public');
  if (content.error) return <PreviewError />;
  if (!content.src) return <Loading />;
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

/** What the dialog shows of a file: images, PDFs, audio and video in place; others an icon. */
function PreviewBody({ file }: { file: FileInfo }) {
  const { t } = useTranslation('files');
  const script = useScript();
  switch (file.kind) {
    case 'image':
      return <ImagePreview file={file} />;
    case 'pdf':
      return <PdfPreview file={file} />;
    case 'audio':
    case 'video':
      return <MediaPlayer file={file} testId="preview-media" />;
    case 'document':
    case 'text':
      return (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }}>
          <KindIcon kind={file.kind} color="action" sx={{ fontSize: 72 }} />
          <Typography color="textSecondary">{script.text(t('preview.none'))}</Typography>
        </Stack>
      );
  }
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
  const phone = useMediaQuery(widthBelow('sm'));

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
        <Typography variant="body2" color="textSecondary" component="div">
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
