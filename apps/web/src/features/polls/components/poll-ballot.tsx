import type { Poll } from '@bagysh/shared';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/polls';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useVote, useWithdrawVote } from '../api/polls-api';
import { ballotState, choiceLimit, sameChoice, toggleChoice } from '../lib/ballot';

function showError(error: unknown) {
  void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
}

/**
 * The options to tick and the vote buttons of an active poll. Keyed by the poll's `my_vote`
 * by its parent, so a new ballot from the server resets the ticks.
 */
export function PollBallot({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const script = useScript();
  const labelId = useId();
  const [selected, setSelected] = useState<number[]>(poll.my_vote);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const vote = useVote(poll.id);
  const withdraw = useWithdrawVote(poll.id);
  const state = ballotState(poll);
  const pending = vote.isPending || withdraw.isPending;
  const limit = choiceLimit(poll);
  const atLimit = poll.multiple && selected.length >= limit;
  const disabled = !state.canChoose || pending;

  const submit = () => {
    setFieldError(null);
    vote.mutate(selected, {
      onSuccess: () => void notify('notices.success', { type: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.option_ids?.[0]) {
          setFieldError(error.fieldErrors.option_ids[0]);
        }
        showError(error);
      },
    });
  };
  const withdrawVote = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => void notify('notices.success', { type: 'success' }),
      onError: showError,
    });

  const option = (id: number, text: string) => {
    const checked = selected.includes(id);
    const control = poll.multiple ? (
      <Checkbox
        checked={checked}
        onChange={() => setSelected((current) => toggleChoice(current, id, poll))}
        disabled={disabled || (!checked && atLimit)}
      />
    ) : (
      <Radio checked={checked} value={String(id)} disabled={disabled} />
    );
    return (
      <FormControlLabel
        key={id}
        value={String(id)}
        control={control}
        label={script.field(text)}
        disabled={disabled || (poll.multiple && !checked && atLimit)}
        {...script.label(text)}
      />
    );
  };

  const changed = !sameChoice(selected, poll.my_vote);
  const submitLabel = state.voted ? t('vote.change') : t('vote.submit');

  return (
    <Stack
      spacing={1}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected.length > 0 && changed && !pending) submit();
      }}
    >
      <FormControl component="fieldset" error={fieldError !== null} disabled={disabled}>
        <FormLabel component="legend" id={labelId} sx={{ typography: 'subtitle2' }}>
          {script.text(t('vote.options'))}
        </FormLabel>
        {poll.multiple ? (
          <FormGroup aria-labelledby={labelId}>
            {poll.options.map((item) => option(item.id, item.text))}
          </FormGroup>
        ) : (
          <RadioGroup
            aria-labelledby={labelId}
            value={selected[0] !== undefined ? String(selected[0]) : ''}
            onChange={(_event, value) => setSelected([Number(value)])}
          >
            {poll.options.map((item) => option(item.id, item.text))}
          </RadioGroup>
        )}
        {poll.multiple && atLimit && poll.max_choices !== null && (
          <FormHelperText>{script.text(t('vote.maxReached', { n: limit }))}</FormHelperText>
        )}
        {fieldError && <FormHelperText>{script.text(fieldError)}</FormHelperText>}
        {state.voted && !poll.allow_change && (
          <FormHelperText>{script.text(t('vote.accepted'))}</FormHelperText>
        )}
      </FormControl>
      {state.canChoose && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={pending || selected.length === 0 || !changed}
            startIcon={vote.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            {...script.label(submitLabel)}
          >
            {script.text(submitLabel)}
          </Button>
          {state.canWithdraw && (
            <Button
              variant="outlined"
              color="inherit"
              onClick={withdrawVote}
              disabled={pending}
              startIcon={
                withdraw.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
              }
              {...script.label(t('vote.withdraw'))}
            >
              {script.text(t('vote.withdraw'))}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
