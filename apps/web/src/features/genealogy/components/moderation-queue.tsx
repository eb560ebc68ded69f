import {
  personLabel,
  type ProposalChoice,
  type ProposalConflict,
  type Revision,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { refreshModerationCounts } from '../../../lib/moderation-counts';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import {
  acceptRevision,
  genealogyKeys,
  rejectRevision,
  usePendingRevisions,
} from '../api/genealogy-api';
import { reviewsProposals } from '../lib/format';
import { PersonLabel } from '../../../components/person-label';
import { conflictsOf, ProposalConflicts } from './proposal-conflicts';
import { RevisionDiff } from './revision-diff';
import { RevisionMeta } from './revision-history';

/**
 * The moderators' queue: pending proposals with their diff, accepted or rejected with a comment.
 * A branch steward sees those of their branches only (the server picks them).
 */
export function ModerationQueue() {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const user = useSessionStore((state) => state.user);
  const moderator = reviewsProposals(user);
  const pending = usePendingRevisions(moderator);

  if (!moderator) {
    return <Alert severity="warning">{script.text(t('moderation.forbidden'))}</Alert>;
  }
  if (pending.isPending) {
    return <Skeleton variant="rounded" height={160} role="status" aria-label={t('loading')} />;
  }
  if (pending.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void pending.refetch()}>
            {script.text(t('retry'))}
          </Button>
        }
      >
        {script.text(pending.error.message)}
      </Alert>
    );
  }
  if (pending.data.results.length === 0) {
    return (
      <Alert severity="success" data-testid="queue-empty">
        {script.text(t('moderation.empty'))}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} data-testid="moderation-queue">
      <Typography color="textSecondary">
        {script.text(t('moderation.count', { count: pending.data.count }))}
      </Typography>
      {pending.data.results.map((revision) => (
        <ProposalCard key={revision.id} revision={revision} />
      ))}
    </Stack>
  );
}

function ProposalCard({ revision }: { revision: Revision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Fields changed since the proposal, as the last accept answered them, and the choices made.
  const [conflicts, setConflicts] = useState<ProposalConflict[] | null>(null);
  const [choices, setChoices] = useState<Record<string, ProposalChoice>>({});
  const name =
    revision.person?.name ??
    (typeof revision.after?.name === 'string' ? revision.after.name : `#${revision.id}`);

  const review = async (kind: 'accept' | 'reject') => {
    if (kind === 'reject' && comment.trim() === '') {
      setError(t('moderation.commentRequired'));
      return;
    }
    if (kind === 'accept' && conflicts?.some((conflict) => !choices[conflict.field])) {
      setError(t('moderation.chooseEach'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (kind === 'accept') {
        await acceptRevision(
          revision.id,
          comment.trim() || undefined,
          conflicts ? choices : undefined,
        );
      } else await rejectRevision(revision.id, comment.trim());
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
      refreshModerationCounts();
      void notify(kind === 'accept' ? t('moderation.accepted') : t('moderation.rejected'), {
        type: 'success',
      });
    } catch (caught) {
      const changed = conflictsOf(caught);
      if (changed) {
        setConflicts(changed);
        setChoices((previous) => {
          const kept: Record<string, ProposalChoice> = {};
          for (const conflict of changed) {
            const choice = previous[conflict.field];
            if (choice) kept[conflict.field] = choice;
          }
          return kept;
        });
        return;
      }
      setError(caught instanceof ApiError || caught instanceof Error ? caught.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-revision={revision.id}>
      <Typography variant="h6" component="h3">
        {revision.person ? (
          <Link
            component={RouterLink}
            to={paths.person(revision.person.id)}
            {...script.label(personLabel(revision.person))}
          >
            <PersonLabel person={revision.person} />
          </Link>
        ) : (
          script.text(name)
        )}
      </Typography>
      <Box sx={{ my: 1 }}>
        <RevisionMeta revision={revision} />
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <RevisionDiff revision={revision} />
      </Box>
      {conflicts && (
        <ProposalConflicts
          revision={revision}
          conflicts={conflicts}
          choices={choices}
          onChoose={(field, choice) => {
            setError(null);
            setChoices((previous) => ({ ...previous, [field]: choice }));
          }}
        />
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={script.field(t('moderation.comment'))}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={error !== null}
          helperText={error ? script.text(error) : undefined}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => void review('accept')}
        >
          {script.text(t('moderation.accept'))}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => void review('reject')}
        >
          {script.text(t('moderation.reject'))}
        </Button>
      </Stack>
    </Paper>
  );
}
