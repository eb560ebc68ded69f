import {
  personLabel,
  type FileInfo,
  type InformantSummary,
  type PersonSummary,
  type PlaceSummary,
} from '@bagysh/shared';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/voices';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';
import { useOverlay } from '../../../lib/use-overlay';
import { createRecording, voicesKeys } from '../api/voices-api';
import { uploadInParts, type UploadProgress } from '../lib/resumable-upload';
import {
  clearSavedRecording,
  loadSavedRecording,
  saveRecording,
  type SavedRecording,
} from '../lib/saved-recording';
import { extensionOf, formatElapsed, useRecorder } from '../lib/use-recorder';
import { ChoiceField, PersonsField, type Choice } from './choice-field';

export interface RecorderDialogProps {
  open: boolean;
  onClose: () => void;
  /** The informant whose page it was opened on. */
  informant?: Choice | null;
  /** The person whose page it was opened on. */
  person?: Choice | null;
}

const bigButton = { minHeight: 56, minWidth: 120, fontSize: 18 } as const;

const informantChoice = (item: InformantSummary): Choice => ({
  id: item.id,
  label: item.author ? `${item.title} (${item.author})` : item.title,
});
const personChoice = (item: PersonSummary): Choice => ({ id: item.id, label: personLabel(item) });
const placeChoice = (item: PlaceSummary): Choice => ({ id: item.id, label: item.name });
const fileChoice = (item: FileInfo): Choice => ({ id: item.id, label: item.name });

/** The stored file's name: the catalogue's word for a recording, the time, the extension. */
function recordingName(blob: Blob, word: string): string {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', '_').replace(':', '-');
  return `${word}_${stamp}.${extensionOf(blob.type)}`;
}

/**
 * "Жазып алуу" (docs/features.md, Recording in the browser): record the informant with the
 * microphone (or link an audio or video file already uploaded), say who told it, of whom, where
 * and when, and upload it in parts that survive a dropped connection.
 */
export function RecorderDialog({ open, onClose, informant, person }: RecorderDialogProps) {
  const { t } = useTranslation('voices');
  const script = useScript();
  const client = useQueryClient();
  const titleId = useId();
  const phone = useMediaQuery(widthBelow('sm'));
  const recorder = useRecorder();
  const [mode, setMode] = useState<'record' | 'link'>('record');
  const [source, setSource] = useState<Choice | null>(informant ?? null);
  const [persons, setPersons] = useState<Choice[]>(person ? [person] : []);
  const [place, setPlace] = useState<Choice | null>(null);
  const [date, setDate] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [file, setFile] = useState<Choice | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedRecording | null>(null);
  const [resuming, setResuming] = useState<SavedRecording | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;

  const close = () => {
    if (busy) return;
    recorder.reset();
    onClose();
  };
  const overlay = useOverlay({ open, onClose: close, persistent: busy });

  // A recording a reload left unsent: offered once the dialog opens.
  useEffect(() => {
    if (!open) return;
    let live = true;
    void loadSavedRecording().then((found) => {
      if (live && found) setSaved(found);
    });
    return () => {
      live = false;
    };
  }, [open]);

  // What is recorded is kept at once, so a reload does not lose it.
  useEffect(() => {
    if (recorder.blob) {
      void saveRecording({
        blob: recorder.blob,
        name: recordingName(recorder.blob, t('fileName')),
        durationSeconds: Math.round(recorder.elapsed),
        sessionId: null,
        savedAt: Date.now(),
      });
    }
    // Only a new recording is saved; elapsed is its length then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recorder.blob]);

  const previewUrl = useMemo(
    () => (recorder.blob ? URL.createObjectURL(recorder.blob) : null),
    [recorder.blob],
  );
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const fields = () => ({
    source_id: source!.id,
    person_ids: persons.map((choice) => choice.id),
    told_date: date.trim() === '' ? null : date.trim(),
    told_place_id: place?.id ?? null,
  });

  const finished = async () => {
    await client.invalidateQueries({ queryKey: voicesKeys.all });
    void notify(t('saved'), { type: 'success' });
    recorder.reset();
    setSaved(null);
    setResuming(null);
    onClose();
  };

  const handleError = (error: unknown) => {
    setProgress(null);
    if (error instanceof DOMException && error.name === 'AbortError') return;
    setFailure(error instanceof ApiError ? error.message : t('saveError'));
  };

  const upload = async (recording: SavedRecording) => {
    if (!source) return;
    setFailure(null);
    abort.current = new AbortController();
    setProgress({ sent: 0, total: recording.blob.size, retryIn: null });
    try {
      const stored = await uploadInParts({
        blob: recording.blob,
        name: recording.name,
        sessionId: recording.sessionId,
        public: isPublic,
        signal: abort.current.signal,
        onSession: (sessionId) => void saveRecording({ ...recording, sessionId }),
        onProgress: setProgress,
      });
      await createRecording(stored.id, {
        ...fields(),
        duration_seconds: recording.durationSeconds,
      });
      await clearSavedRecording();
      setProgress(null);
      await finished();
    } catch (error) {
      handleError(error);
    }
  };

  const handleSave = async () => {
    if (mode === 'link') {
      if (!file || !source) return;
      setFailure(null);
      try {
        await createRecording(file.id, { ...fields(), duration_seconds: null });
        await finished();
      } catch (error) {
        handleError(error);
      }
      return;
    }
    const current =
      resuming ??
      (recorder.blob && {
        blob: recorder.blob,
        name: recordingName(recorder.blob, t('fileName')),
        durationSeconds: Math.round(recorder.elapsed),
        sessionId: null,
        savedAt: Date.now(),
      });
    if (current) await upload((await loadSavedRecording()) ?? current);
  };

  const ready =
    source !== null &&
    !busy &&
    (mode === 'link' ? file !== null : recorder.blob !== null || resuming !== null);
  const percent = progress ? Math.round((progress.sent / Math.max(1, progress.total)) * 100) : 0;
  const recording = recorder.state === 'recording';

  return (
    <Dialog
      open={open}
      onClose={overlay.handleClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{script.text(t('recorderTitle'))}</DialogTitle>
      <DialogContent dividers>
        {saved && !resuming && mode === 'record' && recorder.state === 'idle' && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" onClick={() => setResuming(saved)}>
                  {script.text(t('resumeUpload'))}
                </Button>
                <Button
                  color="inherit"
                  onClick={() => {
                    setSaved(null);
                    void clearSavedRecording();
                  }}
                >
                  {script.text(t('discard'))}
                </Button>
              </Stack>
            }
          >
            {script.text(t('resumeSaved'))}
          </Alert>
        )}
        <Tabs
          value={mode}
          onChange={(_event, value: 'record' | 'link') => setMode(value)}
          variant="fullWidth"
          sx={{ mb: 2 }}
        >
          <Tab
            value="record"
            label={script.text(t('modeRecord'))}
            {...script.label(t('modeRecord'))}
          />
          <Tab value="link" label={script.text(t('modeLink'))} {...script.label(t('modeLink'))} />
        </Tabs>

        {mode === 'record' ? (
          <Box component="section" aria-label={t('modeRecord')} sx={{ mb: 2 }}>
            {recorder.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {script.text(t(recorder.error === 'denied' ? 'micDenied' : 'micMissing'))}
              </Alert>
            )}
            {resuming ? (
              <Typography>
                {script.text(t('recorded', { time: formatElapsed(resuming.durationSeconds) }))}
              </Typography>
            ) : (
              <>
                <Typography
                  component="p"
                  sx={{ fontSize: 40, fontVariantNumeric: 'tabular-nums', textAlign: 'center' }}
                  aria-label={`${t('elapsed')}: ${formatElapsed(recorder.elapsed)}`}
                  data-testid="recorder-elapsed"
                >
                  {formatElapsed(recorder.elapsed)}
                </Typography>
                <Typography
                  variant="body2"
                  color="textSecondary"
                  sx={{ textAlign: 'center', minHeight: 20 }}
                  role="status"
                >
                  {recording
                    ? script.text(t('recording'))
                    : recorder.state === 'paused'
                      ? script.text(t('paused'))
                      : null}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(recorder.level * 100)}
                  aria-label={t('level')}
                  sx={{ height: 12, borderRadius: 6, my: 2 }}
                />
                <Stack
                  direction="row"
                  spacing={2}
                  sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 2 }}
                >
                  {(recorder.state === 'idle' || recorder.state === 'starting') && (
                    <Button
                      variant="contained"
                      color="error"
                      startIcon={<FiberManualRecordIcon />}
                      onClick={() => void recorder.start()}
                      disabled={recorder.state === 'starting'}
                      sx={bigButton}
                      data-testid="recorder-start"
                      {...script.label(t('start'))}
                    >
                      {script.text(t('start'))}
                    </Button>
                  )}
                  {recording && (
                    <Button
                      variant="outlined"
                      startIcon={<PauseIcon />}
                      onClick={recorder.pause}
                      sx={bigButton}
                      data-testid="recorder-pause"
                      {...script.label(t('pause'))}
                    >
                      {script.text(t('pause'))}
                    </Button>
                  )}
                  {recorder.state === 'paused' && (
                    <Button
                      variant="outlined"
                      startIcon={<PlayArrowIcon />}
                      onClick={recorder.resume}
                      sx={bigButton}
                      data-testid="recorder-resume"
                      {...script.label(t('resume'))}
                    >
                      {script.text(t('resume'))}
                    </Button>
                  )}
                  {(recording || recorder.state === 'paused') && (
                    <Button
                      variant="contained"
                      startIcon={<StopIcon />}
                      onClick={recorder.stop}
                      sx={bigButton}
                      data-testid="recorder-stop"
                      {...script.label(t('stop'))}
                    >
                      {script.text(t('stop'))}
                    </Button>
                  )}
                </Stack>
                {recorder.state === 'stopped' && previewUrl && (
                  <Stack spacing={1} sx={{ mt: 2 }}>
                    <Typography>
                      {script.text(t('recorded', { time: formatElapsed(recorder.elapsed) }))}
                    </Typography>
                    <audio
                      controls
                      preload="metadata"
                      src={previewUrl}
                      aria-label={t('listen')}
                      style={{ width: '100%' }}
                    />
                    <Button
                      onClick={recorder.reset}
                      disabled={busy}
                      sx={{ alignSelf: 'flex-start', minHeight: 44 }}
                      {...script.label(t('again'))}
                    >
                      {script.text(t('again'))}
                    </Button>
                  </Stack>
                )}
              </>
            )}
          </Box>
        ) : (
          <Box sx={{ mb: 2 }}>
            <ChoiceField<FileInfo>
              kind="files"
              label={t('fileField')}
              toChoice={fileChoice}
              value={file}
              onChange={setFile}
            />
          </Box>
        )}

        <Stack spacing={2}>
          <ChoiceField<InformantSummary>
            kind="informants"
            label={t('informant')}
            toChoice={informantChoice}
            value={source}
            onChange={setSource}
          />
          <PersonsField<PersonSummary>
            label={t('personsField')}
            toChoice={personChoice}
            value={persons}
            onChange={setPersons}
          />
          <ChoiceField<PlaceSummary>
            kind="places"
            label={t('placeField')}
            toChoice={placeChoice}
            value={place}
            onChange={setPlace}
          />
          <TextField
            label={script.field(t('dateField'))}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          {mode === 'record' && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={isPublic}
                  onChange={(event) => setIsPublic(event.target.checked)}
                />
              }
              label={script.text(t('visibility'))}
            />
          )}
        </Stack>
        {progress && (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t('uploading', { percent })}
              data-testid="recorder-progress"
            />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {script.text(
                progress.retryIn === null
                  ? t('uploading', { percent })
                  : t('waiting', { seconds: progress.retryIn }),
              )}
            </Typography>
          </Box>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {script.text(failure)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => {
            if (busy) abort.current?.abort();
            else close();
          }}
          sx={{ minHeight: 44 }}
          {...script.label(t(busy ? 'cancel' : 'close'))}
        >
          {script.text(t(busy ? 'cancel' : 'close'))}
        </Button>
        <Button
          variant="contained"
          disabled={!ready}
          onClick={() => void handleSave()}
          sx={{ minHeight: 44 }}
          data-testid="recorder-save"
          {...script.label(t(mode === 'link' ? 'link' : 'save'))}
        >
          {script.text(t(mode === 'link' ? 'link' : 'save'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
