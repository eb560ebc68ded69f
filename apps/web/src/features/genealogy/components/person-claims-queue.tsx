import { PERSON_CLAIM_LIMITS, personLabel, type PersonClaim } from '@bagysh/shared';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import '../../../lib/i18n/areas/genealogy';
import { refreshModerationCounts } from '../../../lib/moderation-counts';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { ReviewQueue } from './review-queue';
import { useSessionStore } from '../../../lib/session-store';
import { genealogyKeys } from '../api/genealogy-keys';
import {
  approvePersonClaim,
  rejectPersonClaim,
  usePendingPersonClaims,
} from '../api/person-claims-api';
import { isModerator } from '../lib/format';

/**
 * The moderators' "Бул мен" requests (docs/features.md, This is me): who asks to be which
 * person, with their evidence; approved, or rejected with an optional comment to the member.
 */
export function PersonClaimsQueue() {
  const { t } = useTranslation('genealogy');
  const moderator = isModerator(useSessionStore((state) => state.user));
  const pending = usePendingPersonClaims(moderator);

  return (
    <ReviewQueue
      query={pending}
      empty={t('claims.queueEmpty')}
      testId="claims-queue"
      item={(claim) => <ClaimCard key={claim.id} claim={claim} />}
    />
  );
}

function ClaimCard({ claim }: { claim: PersonClaim }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const user = claim.user.full_name
    ? `${claim.user.full_name} (${claim.user.username})`
    : claim.user.username;

  const review = async (kind: 'approve' | 'reject') => {
    setBusy(true);
    setError(null);
    try {
      if (kind === 'approve') await approvePersonClaim(claim.id);
      else await rejectPersonClaim(claim.id, comment.trim());
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
      refreshModerationCounts();
      void notify(kind === 'approve' ? t('claims.approved') : t('claims.rejectedDone'), {
        type: 'success',
      });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-claim={claim.id}>
      <Typography variant="h6" component="h3">
        <Link
          component={RouterLink}
          to={paths.person(claim.person.id)}
          {...script.label(personLabel(claim.person))}
        >
          <PersonLabel person={claim.person} />
        </Link>
      </Typography>
      <Typography color="textSecondary" variant="body2" sx={{ mt: 0.5 }}>
        {script.text(t('claims.from', { user }))} ·{' '}
        {script.text(t('claims.asked', { date: formatDateTime(claim.created_at) }))}
      </Typography>
      <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {script.text(claim.note)}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={script.field(t('claims.comment'))}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={error !== null}
          helperText={error ? script.text(error) : undefined}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: PERSON_CLAIM_LIMITS.commentMaxLength } }}
        />
        <Button
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => void review('approve')}
          data-testid="claim-approve"
          {...script.label(t('claims.approve'))}
        >
          {script.text(t('claims.approve'))}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => void review('reject')}
          data-testid="claim-reject"
          {...script.label(t('claims.reject'))}
        >
          {script.text(t('claims.reject'))}
        </Button>
      </Stack>
    </Paper>
  );
}
