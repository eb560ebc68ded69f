import type { Poll } from '@bagysh/shared';
import { CancelPollInput, POLL_LIMITS } from '@bagysh/shared';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/polls';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { pollKeys, useCancelPoll, useDeletePoll, useFinishPoll } from '../api/polls-api';
import { useNow } from '../hooks/use-now';
import { formatDateTime } from '../../../lib/dates';
import { timeLeft, type TimeLeft } from '../lib/time';
import { PollBallot } from './poll-ballot';
import { PollFormDialog } from './poll-form-dialog';
import { PollResults } from './poll-results';
import { StatusChip } from './status-chip';

type Dialog = 'edit' | 'finish' | 'cancel' | 'delete' | null;

function onError(error: unknown) {
  void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
}

function timeLeftText(t: TFunction<'polls'>, left: TimeLeft): string {
  switch (left.key) {
    case 'days':
      return t('timeLeft.days', { days: left.days, hours: left.hours });
    case 'hours':
      return t('timeLeft.hours', { hours: left.hours, minutes: left.minutes });
    case 'minutes':
      return t('timeLeft.minutes', { minutes: left.minutes });
    case 'lessThanMinute':
      return t('timeLeft.lessThanMinute');
    case 'ended':
      return t('timeLeft.ended');
  }
}

/** When an active poll closes: a countdown; once closed, the moment it closed. */
function Deadline({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const script = useScript();
  const now = useNow();
  const client = useQueryClient();
  const left = poll.closes_at ? timeLeft(poll.closes_at, now) : null;
  const ended = poll.status === 'active' && left?.key === 'ended';
  useEffect(() => {
    // The server finishes it at closes_at: fetch the new status.
    if (ended) void client.invalidateQueries({ queryKey: pollKeys.all });
  }, [ended, client]);

  let text: string;
  let title: string | undefined;
  if (poll.status !== 'active') {
    text = poll.closed_at ? t('card.closedAt', { date: formatDateTime(poll.closed_at) }) : '';
  } else if (!poll.closes_at || !left) {
    text = t('card.noDeadline');
  } else {
    text = timeLeftText(t, left);
    title = t('card.closesAt', { date: formatDateTime(poll.closes_at) });
  }
  if (!text) return null;
  return (
    <Typography
      variant="body2"
      color="textSecondary"
      title={title}
      data-testid="poll-deadline"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <AccessTimeIcon sx={{ fontSize: 16 }} aria-hidden />
      {script.text(text)}
    </Typography>
  );
}

/** One poll: status, question, the ballot or the closed notice, results, moderator actions. */
export function PollCard({ poll, canManage }: { poll: Poll; canManage: boolean }) {
  const { t } = useTranslation('polls');
  const script = useScript();
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const finish = useFinishPoll(poll.id);
  const cancel = useCancelPoll(poll.id);
  const remove = useDeletePoll(poll.id);
  const close = () => setDialog(null);
  const done = () => {
    setDialog(null);
    void notify('notices.success', { type: 'success' });
  };

  const active = poll.status === 'active';
  const myOptions = poll.options.filter((option) => poll.my_vote.includes(option.id));
  const rules = [
    poll.multiple
      ? poll.max_choices === null
        ? t('card.multipleAny')
        : t('card.multipleMax', { n: poll.max_choices })
      : t('card.single'),
    poll.anonymous ? t('card.anonymous') : t('card.open'),
    ...(poll.allow_change ? [] : [t('card.noChange')]),
  ].join(' · ');

  const submitCancel = () => {
    const parsed = CancelPollInput.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    cancel.mutate(parsed.data, {
      onSuccess: done,
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.reason?.[0]) {
          setReasonError(error.fieldErrors.reason[0]);
        }
        onError(error);
      },
    });
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-testid="poll-card"
      data-poll-id={poll.id}
      data-status={poll.status}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <StatusChip status={poll.status} />
            <Deadline poll={poll} />
          </Stack>
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {script.text(poll.question)}
          </Typography>
          {poll.description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {script.text(poll.description)}
            </Typography>
          )}
          <Typography variant="caption" color="textSecondary">
            {script.text(rules)}
            {poll.created_by && (
              <>
                {' · '}
                {script.text(
                  t('card.author', {
                    name: poll.created_by.full_name || poll.created_by.username,
                  }),
                )}
              </>
            )}
          </Typography>
          {poll.status === 'canceled' && (
            <Alert severity="error" data-testid="poll-cancel-reason">
              {script.text(t('card.cancelReason', { reason: poll.cancel_reason ?? '' }))}
            </Alert>
          )}
          {active ? (
            <PollBallot key={poll.my_vote.join(',')} poll={poll} />
          ) : (
            <Typography variant="body2" color="textSecondary" data-testid="poll-closed">
              {script.text(t('vote.closed'))}
            </Typography>
          )}
          <Typography variant="body2" data-testid="poll-my-vote">
            {script.text(
              myOptions.length > 0
                ? t('card.yourVote', { options: myOptions.map((option) => option.text).join(', ') })
                : active
                  ? t('card.notVoted')
                  : t('card.didNotVote'),
            )}
          </Typography>
          <Divider />
          <PollResults poll={poll} />
        </Stack>
      </CardContent>
      {canManage && (active || poll.total_voters === 0) && (
        <CardActions
          aria-label={t('actions.label')}
          sx={{
            flexWrap: 'wrap',
            gap: 1,
            px: 2,
            pb: 2,
            '& > :not(style) ~ :not(style)': { ml: 0 },
          }}
        >
          {active && (
            <>
              <Button
                size="small"
                onClick={() => setDialog('edit')}
                {...script.label(t('actions.edit'))}
              >
                {script.text(t('actions.edit'))}
              </Button>
              <Button
                size="small"
                onClick={() => setDialog('finish')}
                {...script.label(t('actions.finish'))}
              >
                {script.text(t('actions.finish'))}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => {
                  setReason('');
                  setReasonError(null);
                  setDialog('cancel');
                }}
                {...script.label(t('actions.cancel'))}
              >
                {script.text(t('actions.cancel'))}
              </Button>
            </>
          )}
          {poll.total_voters === 0 && (
            <Button
              size="small"
              color="error"
              onClick={() => setDialog('delete')}
              {...script.label(t('actions.delete'))}
            >
              {script.text(t('actions.delete'))}
            </Button>
          )}
        </CardActions>
      )}
      {canManage && (
        <>
          <PollFormDialog open={dialog === 'edit'} poll={poll} onClose={close} />
          <ConfirmDialog
            open={dialog === 'finish'}
            title={t('confirm.finishTitle')}
            text={t('confirm.finishText')}
            confirmLabel={t('actions.finish')}
            cancelLabel={t('actions.back')}
            pending={finish.isPending}
            onConfirm={() => finish.mutate(undefined, { onSuccess: done, onError })}
            onClose={close}
          />
          <ConfirmDialog
            open={dialog === 'cancel'}
            title={t('confirm.cancelTitle')}
            text={t('confirm.cancelText')}
            confirmLabel={t('actions.cancel')}
            cancelLabel={t('actions.back')}
            danger
            pending={cancel.isPending}
            onConfirm={submitCancel}
            onClose={close}
          >
            <TextField
              label={script.field(t('confirm.reason'))}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
              error={reasonError !== null}
              helperText={reasonError ? script.text(reasonError) : undefined}
              required
              multiline
              minRows={2}
              fullWidth
              autoFocus
              margin="normal"
              slotProps={{ htmlInput: { maxLength: POLL_LIMITS.reasonMaxLength } }}
            />
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'delete'}
            title={t('confirm.deleteTitle')}
            text={t('confirm.deleteText', { question: poll.question })}
            confirmLabel={t('actions.delete')}
            cancelLabel={t('actions.back')}
            danger
            pending={remove.isPending}
            onConfirm={() => remove.mutate(undefined, { onSuccess: done, onError })}
            onClose={close}
          />
        </>
      )}
    </Card>
  );
}
