import { POSTER_LIMITS, POSTER_PAPERS, PRINT_SCRIPTS } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/print';
import { useAppStore } from '../../../lib/app-store';
import { useScript } from '../../../lib/script';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';
import { downloadBlob } from '../../../lib/svg-chart/export';
import { fetchPrintPdf, printFailure, type PrintFailure } from '../api/print-pdf';
import {
  initialForm,
  maxGenerations,
  readForm,
  type PrintFields,
  type PrintForm,
} from '../lib/print-form';

export interface PrintDialogProps {
  personId: number;
  /** The person's name, for the file name. */
  personName: string;
  open: boolean;
  onClose: () => void;
}

type Status = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'failed'; failure: PrintFailure };

/**
 * "Басып чыгаруу": the poster (generations, paper or a size of its own, script) or the book
 * (generations, script) of a person's descendants, downloaded as a PDF with the session's
 * token and saved. The script starts as the site's; the fields are checked by the server's own
 * schema before anything is sent. Full screen on a phone.
 */
export function PrintDialog({ personId, personName, open, onClose }: PrintDialogProps) {
  const { t } = useTranslation('print');
  const script = useScript();
  const language = useAppStore((state) => state.language);
  const phone = useMediaQuery(widthBelow('sm'));
  const [form, setForm] = useState<PrintForm>(() => initialForm(language));
  const [errors, setErrors] = useState<Partial<Record<PrintFields, string | null>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const titleId = useId();

  // Closing (or leaving the page) stops a download under way.
  useEffect(() => () => controller.current?.abort(), []);

  const change = (fields: Partial<PrintForm>) => {
    setForm((current) => ({ ...current, ...fields }));
    setErrors({});
    if (status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const close = () => {
    controller.current?.abort();
    setStatus({ kind: 'idle' });
    onClose();
  };

  const download = async () => {
    const read = readForm(form);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStatus({ kind: 'preparing' });
    try {
      const blob = await fetchPrintPdf(personId, form.kind, read.query, current.signal);
      downloadBlob(blob, t(`fileName.${form.kind}`, { name: personName }));
      setStatus({ kind: 'idle' });
    } catch (error) {
      if (!current.signal.aborted) setStatus({ kind: 'failed', failure: printFailure(error) });
    }
  };

  const preparing = status.kind === 'preparing';
  const max = maxGenerations(form.kind);
  const failure = status.kind === 'failed' ? status.failure : null;
  const failureText =
    failure === null
      ? null
      : failure.kind === 'other'
        ? failure.message
        : t(`errors.${failure.kind}`);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="print-dialog"
    >
      <DialogTitle id={titleId} {...script.label(t('open'))}>
        {script.text(t('open'))}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel>{script.field(t('kind'))}</FormLabel>
            <RadioGroup
              value={form.kind}
              onChange={(event) => {
                const kind = event.target.value as PrintForm['kind'];
                change({
                  kind,
                  generations: String(
                    Math.min(Number(form.generations) || 1, maxGenerations(kind)),
                  ),
                });
              }}
            >
              {(['poster', 'book'] as const).map((kind) => (
                <FormControlLabel
                  key={kind}
                  value={kind}
                  control={
                    <Radio slotProps={{ input: { 'aria-describedby': `${titleId}-${kind}` } }} />
                  }
                  data-testid={`print-kind-${kind}`}
                  label={
                    <span>
                      {script.field(t(kind))}
                      <Typography
                        id={`${titleId}-${kind}`}
                        component="span"
                        variant="body2"
                        color="textSecondary"
                        sx={{ display: 'block' }}
                      >
                        {script.text(t(`${kind}Hint`))}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                />
              ))}
            </RadioGroup>
          </FormControl>

          <TextField
            label={script.field(t('generations'))}
            type="number"
            value={form.generations}
            onChange={(event) => change({ generations: event.target.value })}
            error={errors.generations !== undefined}
            helperText={script.text(errors.generations ?? t('generationsHelp', { max }))}
            slotProps={{ htmlInput: { min: 1, max, inputMode: 'numeric' } }}
            data-testid="print-generations"
          />

          {form.kind === 'poster' && (
            <>
              <TextField
                select
                label={script.field(t('paper'))}
                value={form.paper}
                onChange={(event) => change({ paper: event.target.value as PrintForm['paper'] })}
                slotProps={{ select: { native: true } }}
                data-testid="print-paper"
              >
                {POSTER_PAPERS.map((paper) => (
                  <option key={paper} value={paper}>
                    {script.plain(t(`papers.${paper}`))}
                  </option>
                ))}
              </TextField>
              {form.paper === 'custom' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {(
                    [
                      ['width', 'width_mm'],
                      ['height', 'height_mm'],
                    ] as const
                  ).map(([field, key]) => (
                    <TextField
                      key={field}
                      label={script.field(t(field))}
                      type="number"
                      value={form[field]}
                      onChange={(event) => change({ [field]: event.target.value })}
                      error={errors[key] !== undefined}
                      helperText={script.text(
                        errors[key] ??
                          t('sideHelp', {
                            min: POSTER_LIMITS.minSideMm,
                            max: POSTER_LIMITS.maxSideMm,
                          }),
                      )}
                      slotProps={{
                        htmlInput: {
                          min: POSTER_LIMITS.minSideMm,
                          max: POSTER_LIMITS.maxSideMm,
                          inputMode: 'numeric',
                        },
                      }}
                      data-testid={`print-${field}`}
                      fullWidth
                    />
                  ))}
                </Stack>
              )}
            </>
          )}

          <FormControl>
            <FormLabel>{script.field(t('script'))}</FormLabel>
            <RadioGroup
              row
              value={form.script}
              onChange={(event) => change({ script: event.target.value as PrintForm['script'] })}
            >
              {PRINT_SCRIPTS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={script.field(t(`scripts.${value}`))}
                  data-testid={`print-script-${value}`}
                />
              ))}
            </RadioGroup>
          </FormControl>

          <div role="status" aria-live="polite">
            {preparing && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <CircularProgress size={24} aria-hidden="true" />
                <span>
                  <Typography component="span" sx={{ display: 'block' }}>
                    {script.text(t('preparing'))}
                  </Typography>
                  <Typography component="span" variant="body2" color="textSecondary">
                    {script.text(t('preparingHint'))}
                  </Typography>
                </span>
              </Stack>
            )}
          </div>
          {failureText && (
            <Alert severity="error" data-testid="print-error">
              {script.text(failureText)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} {...script.label(t('cancel'))}>
          {script.text(t('cancel'))}
        </Button>
        <Button
          variant="contained"
          onClick={() => void download()}
          disabled={preparing}
          data-testid="print-download"
          {...script.label(t('download'))}
        >
          {script.text(preparing ? t('preparing') : t('download'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
