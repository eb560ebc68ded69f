import { formatRecordingTime, type Transcript } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/transcripts';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useTranscript } from '../api/transcripts-api';
import { currentSegment } from '../lib/segments';
import { TranscriptEditor } from './transcript-editor';

function jumpTo(media: HTMLMediaElement, seconds: number) {
  media.currentTime = seconds;
}

/** Plays `media` from `seconds`. */
function seekTo(media: HTMLMediaElement | null, seconds: number) {
  if (!media) return;
  jumpTo(media, seconds);
  // A browser may refuse to play before the page is used; the seek stands.
  void media.play().catch(() => undefined);
}

/** The index of the segment playing in `media`, kept as it plays. */
function usePlaying(media: HTMLMediaElement | null, transcript: Transcript | undefined) {
  const [playing, setPlaying] = useState(-1);
  useEffect(() => {
    if (!media || !transcript) return;
    const update = () => setPlaying(currentSegment(transcript.segments, media.currentTime));
    update();
    media.addEventListener('timeupdate', update);
    media.addEventListener('seeked', update);
    return () => {
      media.removeEventListener('timeupdate', update);
      media.removeEventListener('seeked', update);
    };
  }, [media, transcript]);
  return playing;
}

/** Opens the recording at `startAt` (a citation's or a search hit's second) once it can seek. */
function useStartAt(media: HTMLMediaElement | null, startAt: number | null) {
  useEffect(() => {
    if (!media || startAt === null) return;
    const go = () => jumpTo(media, startAt);
    if (media.readyState >= HTMLMediaElement.HAVE_METADATA) go();
    else media.addEventListener('loadedmetadata', go, { once: true });
    return () => media.removeEventListener('loadedmetadata', go);
  }, [media, startAt]);
}

function Segments({
  transcript,
  media,
}: {
  transcript: Transcript;
  media: HTMLMediaElement | null;
}) {
  const { t } = useTranslation('transcripts');
  const script = useScript();
  const playing = usePlaying(media, transcript);
  return (
    <Box
      component="ol"
      aria-label={t('segmentsLabel')}
      data-testid="transcript-segments"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {transcript.segments.map((segment, i) => {
        const time = formatRecordingTime(segment.start);
        const current = i === playing;
        return (
          <Box
            component="li"
            key={i}
            data-testid="transcript-segment"
            aria-current={current ? 'true' : undefined}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'baseline',
              py: 1,
              px: 1,
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: current ? 'action.selected' : undefined,
            }}
          >
            <Button
              size="small"
              variant={current ? 'contained' : 'outlined'}
              onClick={() => seekTo(media, segment.start)}
              data-testid="transcript-seek"
              data-start={segment.start}
              sx={{ minWidth: 64, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
              {...script.label(t('seek', { time }))}
            >
              {time}
            </Button>
            <Typography component="p" sx={{ overflowWrap: 'anywhere' }}>
              {segment.speaker !== '' && (
                <Box component="strong" sx={{ mr: 0.75 }}>
                  {script.text(`${segment.speaker}:`)}
                </Box>
              )}
              {script.text(segment.text)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * A recording's transcript beside its player: each segment's time plays the recording from
 * there, the segment playing is marked; members write or correct it (TranscriptEditor).
 */
export function TranscriptPanel({
  fileId,
  media,
  startAt,
}: {
  fileId: number;
  /** The page's player, once it is there. */
  media: HTMLMediaElement | null;
  /** Seconds to open the recording at (`?t=`). */
  startAt: number | null;
}) {
  const { t } = useTranslation('transcripts');
  const script = useScript();
  const signedIn = useSessionStore((state) => state.user !== null);
  const transcript = useTranscript(fileId);
  const [editing, setEditing] = useState(false);
  const written = (transcript.data?.segments.length ?? 0) > 0;
  useStartAt(media, startAt);

  let body;
  if (transcript.isPending) {
    body = <Skeleton variant="rounded" height={120} role="status" aria-label={t('loading')} />;
  } else if (transcript.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void transcript.refetch()}>
            {script.text(t('retry'))}
          </Button>
        }
      >
        {script.text(t('loadError'))}
      </Alert>
    );
  } else if (editing) {
    body = (
      <TranscriptEditor
        fileId={fileId}
        transcript={transcript.data}
        media={media}
        onDone={() => setEditing(false)}
      />
    );
  } else if (!written) {
    body = (
      <Alert severity="info" data-testid="transcript-none">
        {script.text(signedIn ? t('none') : t('noneGuest'))}
      </Alert>
    );
  } else {
    body = <Segments transcript={transcript.data} media={media} />;
  }

  return (
    <Box component="section" aria-labelledby="transcript-heading" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="transcript-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {script.text(t('heading'))}
        </Typography>
        {signedIn && !editing && transcript.isSuccess && (
          <Button
            variant="outlined"
            onClick={() => setEditing(true)}
            data-testid="transcript-edit"
            {...script.label(written ? t('edit') : t('write'))}
          >
            {script.text(written ? t('edit') : t('write'))}
          </Button>
        )}
      </Box>
      {body}
    </Box>
  );
}
