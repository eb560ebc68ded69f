import { POLL_LIMITS, type Poll } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/polls';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';
import { useCreatePoll, useUpdatePoll } from '../api/polls-api';
import {
  apiFieldErrors,
  canAddOption,
  canRemoveOption,
  emptyPollForm,
  moveOption,
  optionRow,
  pollFormFromPoll,
  validateCreate,
  validateUpdate,
  type PollFormErrors,
  type PollFormValues,
} from '../lib/poll-form';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';

interface PollFormDialogProps {
  open: boolean;
  /** The poll to edit; without it the dialog creates one. */
  poll?: Poll;
  onClose: () => void;
}

/** 'Жаны сурамжылоо' or the edit of a poll, in a dialog on the shell's overlay stack. */
export function PollFormDialog({ open, poll, onClose }: PollFormDialogProps) {
  const phone = useMediaQuery(widthBelow('sm'));
  const [pending, setPending] = useState(false);
  const close = () => {
    if (!pending) onClose();
  };
  const overlay = useOverlay({ open, onClose: close });
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
    >
      {open && (
        <PollForm
          poll={poll}
          titleId={titleId}
          onPending={setPending}
          onClose={onClose}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

interface PollFormProps {
  poll?: Poll;
  titleId: string;
  onPending: (pending: boolean) => void;
  onClose: () => void;
  onCancel: () => void;
}

function PollForm({ poll, titleId, onPending, onClose, onCancel }: PollFormProps) {
  const { t } = useTranslation('polls');
  const script = useScript();
  const [values, setValues] = useState<PollFormValues>(() =>
    poll ? pollFormFromPoll(poll) : emptyPollForm(),
  );
  const [errors, setErrors] = useState<PollFormErrors>({});
  const create = useCreatePoll();
  const update = useUpdatePoll(poll?.id ?? 0);
  const pending = create.isPending || update.isPending;
  /** Once someone voted only the description and closes_at may change. */
  const frozen = poll !== undefined && (poll.total_voters ?? 0) > 0;
  const lock = pending || frozen;

  const set = <K extends keyof PollFormValues>(key: K, value: PollFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      for (const name of Object.keys(next)) {
        if (name === keyToField[key] || name.startsWith(`${keyToField[key]}.`)) delete next[name];
      }
      return next;
    });
  };
  const setOptions = (options: PollFormValues['options']) => set('options', options);

  const handleError = (error: unknown) => {
    onPending(false);
    if (error instanceof ApiError) {
      setErrors(apiFieldErrors(error.fieldErrors));
      void notify(error.message, { type: 'error' });
    } else {
      void notify('errors.generic', { type: 'error' });
    }
  };
  const handleSuccess = () => {
    onPending(false);
    void notify('notices.success', { type: 'success' });
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (poll) {
      const result = validateUpdate(values, poll, frozen);
      if (!result.ok) return setErrors(result.errors);
      onPending(true);
      update.mutate(result.body, { onSuccess: handleSuccess, onError: handleError });
    } else {
      const result = validateCreate(values);
      if (!result.ok) return setErrors(result.errors);
      onPending(true);
      create.mutate(result.body, { onSuccess: handleSuccess, onError: handleError });
    }
  };

  const helper = (key: string, hint?: string) =>
    errors[key] ? script.text(errors[key]) : hint ? script.text(hint) : undefined;
  const title = poll ? t('form.editTitle') : t('newPoll');
  const submitLabel = poll ? t('form.save') : t('form.create');

  return (
    <form noValidate onSubmit={submit} style={{ display: 'contents' }} data-testid="poll-form">
      <DialogTitle id={titleId}>{script.text(title)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {frozen && <Alert severity="info">{script.text(t('form.frozen'))}</Alert>}
          <TextField
            label={script.field(t('form.question'))}
            name="question"
            value={values.question}
            onChange={(event) => set('question', event.target.value)}
            error={Boolean(errors.question)}
            helperText={helper('question')}
            disabled={lock}
            required
            fullWidth
            autoFocus={!poll}
            slotProps={{ htmlInput: { maxLength: POLL_LIMITS.questionMaxLength } }}
          />
          <TextField
            label={script.field(t('form.description'))}
            name="description"
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            error={Boolean(errors.description)}
            helperText={helper('description')}
            disabled={pending}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: POLL_LIMITS.descriptionMaxLength } }}
          />
          <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {script.text(t('form.options'))}
            </Typography>
            {values.options.map((option, index) => {
              const label = t('form.option', { index: index + 1 });
              return (
                <Stack
                  key={option.key}
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'flex-start' }}
                >
                  <TextField
                    label={script.field(label)}
                    value={option.text}
                    onChange={(event) =>
                      setOptions(
                        values.options.map((item) =>
                          item.key === option.key ? { ...item, text: event.target.value } : item,
                        ),
                      )
                    }
                    error={Boolean(errors[`options.${index}`])}
                    helperText={helper(`options.${index}`)}
                    disabled={lock}
                    size="small"
                    fullWidth
                    slotProps={{
                      htmlInput: {
                        maxLength: POLL_LIMITS.optionMaxLength,
                        'data-testid': 'poll-option-input',
                      },
                    }}
                  />
                  <IconButton
                    aria-label={t('form.moveUp')}
                    title={t('form.moveUp')}
                    disabled={lock || index === 0}
                    onClick={() => setOptions(moveOption(values.options, index, -1))}
                    size="small"
                    sx={{ mt: 0.5 }}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('form.moveDown')}
                    title={t('form.moveDown')}
                    disabled={lock || index === values.options.length - 1}
                    onClick={() => setOptions(moveOption(values.options, index, 1))}
                    size="small"
                    sx={{ mt: 0.5 }}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('form.removeOption')}
                    title={t('form.removeOption')}
                    disabled={lock || !canRemoveOption(values)}
                    onClick={() =>
                      setOptions(values.options.filter((item) => item.key !== option.key))
                    }
                    size="small"
                    sx={{ mt: 0.5 }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Stack>
              );
            })}
            <FormHelperText error={Boolean(errors.options)}>
              {helper(
                'options',
                t('form.optionsHint', { min: POLL_LIMITS.minOptions, max: POLL_LIMITS.maxOptions }),
              )}
            </FormHelperText>
            <div>
              <Button
                startIcon={<AddIcon />}
                onClick={() => setOptions([...values.options, optionRow()])}
                disabled={lock || !canAddOption(values)}
                {...script.label(t('form.addOption'))}
              >
                {script.text(t('form.addOption'))}
              </Button>
            </div>
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={values.multiple}
                onChange={(event) => set('multiple', event.target.checked)}
                disabled={lock}
              />
            }
            label={script.text(t('form.multiple'))}
          />
          {values.multiple && (
            <TextField
              label={script.field(t('form.maxChoices'))}
              name="max_choices"
              type="number"
              value={values.maxChoices}
              onChange={(event) => set('maxChoices', event.target.value)}
              error={Boolean(errors.max_choices)}
              helperText={helper('max_choices', t('form.maxChoicesHint'))}
              disabled={lock}
              sx={{ maxWidth: 240 }}
              slotProps={{ htmlInput: { min: 2, max: values.options.length, step: 1 } }}
            />
          )}
          <FormControlLabel
            control={
              <Switch
                checked={values.anonymous}
                onChange={(event) => set('anonymous', event.target.checked)}
                disabled={lock}
              />
            }
            label={script.text(t('form.anonymous'))}
          />
          <FormControlLabel
            control={
              <Switch
                checked={values.allowChange}
                onChange={(event) => set('allowChange', event.target.checked)}
                disabled={lock}
              />
            }
            label={script.text(t('form.allowChange'))}
          />
          <TextField
            label={script.field(t('form.closesAt'))}
            name="closes_at"
            type="datetime-local"
            value={values.closesAt}
            onChange={(event) => set('closesAt', event.target.value)}
            error={Boolean(errors.closes_at)}
            helperText={helper('closes_at', t('form.closesAtHint'))}
            disabled={pending}
            sx={{ maxWidth: 320 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} {...script.label(t('form.cancel'))}>
          {script.text(t('form.cancel'))}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          {...script.label(submitLabel)}
        >
          {script.text(submitLabel)}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The error key of each form value (the API's field names). */
const keyToField: Record<keyof PollFormValues, string> = {
  question: 'question',
  description: 'description',
  options: 'options',
  multiple: 'max_choices',
  maxChoices: 'max_choices',
  anonymous: 'anonymous',
  allowChange: 'allow_change',
  closesAt: 'closes_at',
};
