import { MediaInput, type FileInfo } from '@bagysh/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { uploadGalleryFile, useFileOptions } from '../api/person-records-api';
import { addMediaPatch } from '../lib/records-form';
import { ChoiceToggle } from './record-buttons';
import { RecordDialog, useRecordsSubmit, type RecordEditorProps } from './record-dialog';
import { RecordPicker } from './record-picker';

type Mode = 'existing' | 'upload';

/**
 * Adds a file to the person's gallery with a title: one already uploaded (public images and
 * documents) or a new one uploaded here with its progress, then linked in one PATCH.
 */
export function MediaDialog({ person, moderator, onClose }: RecordEditorProps) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const [mode, setMode] = useState<Mode>('existing');
  const [existing, setExisting] = useState<FileInfo | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const { submit, saving, conflict } = useRecordsSubmit(person);
  const fileLabel = useCallback((file: FileInfo) => script.plain(file.name), [script]);
  useEffect(() => () => abort.current?.abort(), []);

  const handleSubmit = async () => {
    setError(null);
    let fileId = mode === 'existing' ? (existing?.id ?? null) : null;
    if (mode === 'upload' && picked) {
      abort.current = new AbortController();
      setProgress(0);
      try {
        fileId = (await uploadGalleryFile(picked, setProgress, abort.current.signal)).id;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : null);
        return;
      } finally {
        setProgress(null);
      }
    }
    const media = MediaInput.safeParse({ file_id: fileId ?? 0, title });
    if (fileId === null || !media.success) {
      setError(t('media.required'));
      return;
    }
    const outcome = await submit(addMediaPatch(person, media.data), 'media');
    if (outcome.ok) onClose();
    else setError(Object.values(outcome.errors)[0] ?? null);
  };

  return (
    <RecordDialog
      title={t('media.title')}
      moderator={moderator}
      saving={saving || progress !== null}
      conflict={conflict}
      formError={error ?? undefined}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <ChoiceToggle
        value={mode}
        choices={[
          { value: 'existing', label: t('media.existing') },
          { value: 'upload', label: t('media.upload') },
        ]}
        onChange={setMode}
      />
      {mode === 'existing' ? (
        <RecordPicker
          id="media-pick"
          label={t('media.pick')}
          help={t('media.pickHelp')}
          value={existing}
          onChange={(file) => {
            setExisting(file);
            if (file && title === '') setTitle(file.description || file.name);
          }}
          useOptions={useFileOptions}
          getLabel={fileLabel}
          autoFocus
        />
      ) : (
        <Box>
          <input
            ref={input}
            type="file"
            accept="image/*,application/pdf"
            hidden
            aria-label={t('media.choose')}
            data-testid="media-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = '';
              setPicked(file);
              if (file && title === '') setTitle(file.name.replace(/\.[^.]+$/, ''));
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            autoFocus
          >
            {script.text(t('media.choose'))}
          </Button>
          {picked && (
            <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {script.text(t('media.chosen', { name: picked.name }))}
            </Typography>
          )}
          {progress !== null && (
            <Box sx={{ mt: 1 }}>
              <LinearProgress
                variant="determinate"
                value={progress * 100}
                aria-label={t('media.uploading', { percent: Math.round(progress * 100) })}
              />
              <Typography variant="body2" color="textSecondary">
                {script.text(t('media.uploading', { percent: Math.round(progress * 100) }))}
              </Typography>
            </Box>
          )}
        </Box>
      )}
      <TextField
        id="media-title"
        label={script.field(t('media.fileTitle'))}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        fullWidth
      />
    </RecordDialog>
  );
}
