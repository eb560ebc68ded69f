import { formatFileSize, type FileInfo } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/files';
import { useScript } from '../../../lib/script';
import { useFile } from '../api/files-api';
import { useDownload } from '../hooks/use-download';
import { MediaPlayer } from './preview-dialog';

/**
 * A recording's file on its own page: name, kind and size, description, the player and a
 * download button; `children` gets the file once it is read (the transcript beside it).
 */
export function RecordingFile({
  fileId,
  onPlayer,
  children,
}: {
  fileId: number;
  onPlayer: (element: HTMLMediaElement | null) => void;
  children: (file: FileInfo) => ReactNode;
}) {
  const { t } = useTranslation('files');
  const script = useScript();
  const file = useFile(fileId);
  const { download, busyId } = useDownload();

  if (file.isPending) {
    return (
      <Skeleton variant="rounded" height={96} role="status" aria-label={t('preview.loading')} />
    );
  }
  if (file.isError) {
    const missing = file.error instanceof ApiError && file.error.status === 404;
    return (
      <Alert
        severity={missing ? 'warning' : 'error'}
        data-testid="recording-error"
        action={
          missing ? undefined : (
            <Button color="inherit" onClick={() => void file.refetch()}>
              {script.text(t('actions.retry'))}
            </Button>
          )
        }
      >
        {script.text(file.error.message)}
      </Alert>
    );
  }
  const info = file.data;
  const playable = info.kind === 'audio' || info.kind === 'video';
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', fontWeight: 700 }}>
          {script.text(info.name)}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {script.text(t(`kind.${info.kind}`))} · {formatFileSize(info.size)} ·{' '}
          {script.text(info.owner.username)}
        </Typography>
        {info.description && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {script.text(info.description)}
          </Typography>
        )}
      </Box>
      {playable ? (
        <MediaPlayer file={info} testId="recording-player" onElement={onPlayer} />
      ) : (
        <Alert severity="warning" data-testid="recording-not-media">
          {script.text(t('recording.notMedia'))}
        </Alert>
      )}
      <Button
        sx={{ mt: 1 }}
        onClick={() => void download(info)}
        disabled={busyId === info.id}
        {...script.label(t('actions.download'))}
      >
        {script.text(t('actions.download'))}
      </Button>
      {playable && children(info)}
    </>
  );
}
