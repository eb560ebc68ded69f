import type { GedcomPreview } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { uploadForPreview } from '../api/upload';
import { failureMessage, pickedFileProblem } from '../lib/files';

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; fraction: number; controller: AbortController }
  | { state: 'failed'; message: string };

/** Picks a GEDCOM file and sends it for a preview, with the upload's progress. */
export function UploadPanel({ onPreview }: { onPreview: (preview: GedcomPreview) => void }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });

  const handlePick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = pickedFileProblem(file);
    if (problem) {
      setUpload({ state: 'failed', message: problem });
      return;
    }
    const controller = new AbortController();
    setUpload({ state: 'sending', fraction: 0, controller });
    try {
      const preview = await uploadForPreview({
        file,
        signal: controller.signal,
        onProgress: (fraction) =>
          setUpload((current) =>
            current.state === 'sending' ? { ...current, fraction } : current,
          ),
      });
      setUpload({ state: 'idle' });
      onPreview(preview);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setUpload({ state: 'idle' });
        return;
      }
      setUpload({ state: 'failed', message: failureMessage(error) });
    }
  };

  const percent = upload.state === 'sending' ? Math.round(upload.fraction * 100) : 0;
  const analysing = upload.state === 'sending' && upload.fraction >= 1;

  return (
    <Stack spacing={2} data-testid="gedcom-upload">
      <Typography variant="h5" component="h2">
        {script.text(t('upload.title'))}
      </Typography>
      <Typography color="textSecondary">{script.text(t('upload.hint'))}</Typography>
      <Box>
        <input
          ref={input}
          type="file"
          accept=".ged,.gedcom,.zip,.gdz"
          hidden
          data-testid="gedcom-file-input"
          onChange={(event) => void handlePick(event)}
        />
        <Button
          variant="contained"
          disabled={upload.state === 'sending'}
          onClick={() => input.current?.click()}
          {...script.label(t('upload.pick'))}
        >
          {script.text(t('upload.pick'))}
        </Button>
      </Box>
      {upload.state === 'sending' && (
        <Stack spacing={1} data-testid="gedcom-upload-progress">
          <LinearProgress
            variant={analysing ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={analysing ? t('upload.analysing') : t('upload.progress', { percent })}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" role="status">
              {script.text(analysing ? t('upload.analysing') : t('upload.progress', { percent }))}
            </Typography>
            <Button
              size="small"
              onClick={() => upload.controller.abort()}
              {...script.label(t('upload.cancel'))}
            >
              {script.text(t('upload.cancel'))}
            </Button>
          </Stack>
        </Stack>
      )}
      {upload.state === 'failed' && (
        <Alert severity="error" data-testid="gedcom-upload-error">
          {script.text(upload.message)}
        </Alert>
      )}
    </Stack>
  );
}
