import { formatRecordingTime, parseRecordingTime, type Transcript } from '@bagysh/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/transcripts';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { isApplied, useSaveTranscript } from '../api/transcripts-api';
import { checkDrafts, insertionIndex, type DraftProblem, type DraftSegment } from '../lib/segments';

let nextKey = 1;

const draftOf = (start: number, speaker = '', text = ''): DraftSegment => ({
  key: nextKey++,
  time: formatRecordingTime(start),
  speaker,
  text,
});

const PROBLEM_MESSAGES: Record<DraftProblem, 'timeInvalid' | 'emptyText' | 'unordered'> = {
  time: 'timeInvalid',
  text: 'emptyText',
  order: 'unordered',
};

/**
 * Writing a transcript while the recording plays: Alt+Enter starts a segment where the
 * recording is, Alt+M sets the time of the segment being typed, Alt+K plays or pauses. The
 * whole transcript is sent at once: applied for a moderator, a proposal for a member.
 */
export function TranscriptEditor({
  fileId,
  transcript,
  media,
  onDone,
}: {
  fileId: number;
  transcript: Transcript;
  media: HTMLMediaElement | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('transcripts');
  const script = useScript();
  const save = useSaveTranscript(fileId);
  const [drafts, setDrafts] = useState<DraftSegment[]>(() =>
    transcript.segments.length > 0
      ? transcript.segments.map((s) => draftOf(s.start, s.speaker, s.text))
      : [draftOf(0)],
  );
  const [problems, setProblems] = useState<(DraftProblem | null)[]>([]);
  const focused = useRef(0);
  const texts = useRef(new Map<number, HTMLTextAreaElement | null>());

  const now = () => media?.currentTime ?? 0;
  const change = (index: number, field: 'time' | 'speaker' | 'text', value: string) =>
    setDrafts((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const addAt = (seconds: number) => {
    const index = insertionIndex(
      drafts.map((row) => parseRecordingTime(row.time)),
      seconds,
    );
    // The new segment's speaker is the one before it: an interview goes on in one voice.
    const row = draftOf(seconds, drafts[index - 1]?.speaker ?? '');
    setDrafts((rows) => [...rows.slice(0, index), row, ...rows.slice(index)]);
    focused.current = index;
    requestAnimationFrame(() => texts.current.get(row.key)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      addAt(now());
    } else if (event.code === 'KeyM') {
      event.preventDefault();
      change(focused.current, 'time', formatRecordingTime(now()));
    } else if (event.code === 'KeyK' && media) {
      event.preventDefault();
      if (media.paused) void media.play().catch(() => undefined);
      else media.pause();
    }
  };

  const submit = () => {
    const checked = checkDrafts(drafts);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    save.mutate(checked.segments, {
      onSuccess: (answer) => {
        void notify(isApplied(answer) ? t('saved') : t('proposed'), { type: 'success' });
        onDone();
      },
    });
  };

  return (
    <Box onKeyDown={onKeyDown} data-testid="transcript-editor">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {script.text(t('shortcuts'))}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => addAt(now())}
          data-testid="transcript-add"
          {...script.label(t('addAtTime'))}
        >
          {script.text(t('addAtTime'))}
        </Button>
        <Button
          variant="outlined"
          onClick={() => change(focused.current, 'time', formatRecordingTime(now()))}
          data-testid="transcript-mark"
          {...script.label(t('markTime'))}
        >
          {script.text(t('markTime'))}
        </Button>
      </Stack>
      <Box component="ol" aria-label={t('segmentsLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {drafts.map((row, i) => {
          const problem = problems[i] ?? null;
          return (
            <Box
              component="li"
              key={row.key}
              data-testid="transcript-draft"
              onFocus={() => {
                focused.current = i;
              }}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr auto', md: '110px 180px 1fr auto' },
                gap: 1,
                alignItems: 'start',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <TextField
                size="small"
                label={script.field(t('time'))}
                value={row.time}
                onChange={(event) => change(i, 'time', event.target.value)}
                error={problem === 'time' || problem === 'order'}
                helperText={
                  problem === 'time' || problem === 'order'
                    ? script.text(t(PROBLEM_MESSAGES[problem]))
                    : script.text(t('timeHelp'))
                }
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'draft-time' } }}
              />
              <TextField
                size="small"
                label={script.field(t('speaker'))}
                value={row.speaker}
                onChange={(event) => change(i, 'speaker', event.target.value)}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'draft-speaker' } }}
              />
              <TextField
                size="small"
                multiline
                minRows={1}
                label={script.field(t('text'))}
                value={row.text}
                onChange={(event) => change(i, 'text', event.target.value)}
                error={problem === 'text'}
                helperText={problem === 'text' ? script.text(t('emptyText')) : undefined}
                inputRef={(element: HTMLTextAreaElement | null) => {
                  texts.current.set(row.key, element);
                }}
                slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'draft-text' } }}
                sx={{ gridColumn: { xs: '1 / 3', md: 'auto' } }}
              />
              <IconButton
                onClick={() => setDrafts((rows) => rows.filter((_, j) => j !== i))}
                disabled={drafts.length === 1}
                aria-label={t('remove')}
                title={t('remove')}
                sx={{ gridRow: { xs: 1, md: 'auto' }, gridColumn: { xs: 3, md: 'auto' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {script.text(save.error instanceof ApiError ? save.error.message : t('loadError'))}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending}
          data-testid="transcript-save"
          {...script.label(t('save'))}
        >
          {script.text(t('save'))}
        </Button>
        <Button onClick={onDone} {...script.label(t('cancel'))}>
          {script.text(t('cancel'))}
        </Button>
      </Stack>
    </Box>
  );
}
