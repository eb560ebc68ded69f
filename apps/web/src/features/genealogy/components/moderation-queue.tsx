import { personLabel, type Revision } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { acceptRevision, rejectRevision, usePendingRevisions } from '../api/genealogy-api';
import { reviewsProposals } from '../lib/format';
import { PersonLabel } from '../../../components/person-label';
import { ProposalReview, type ReviewCalls } from './proposal-review';
import { ReviewQueue } from './review-queue';
import { RevisionDiff, useFieldValue } from './revision-diff';
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
  return (
    <ReviewQueue
      query={pending}
      empty={t('moderation.empty')}
      testId="moderation-queue"
      header={(count) => (
        <Typography color="textSecondary">
          {script.text(t('moderation.count', { count }))}
        </Typography>
      )}
      item={(revision) => <ProposalCard key={revision.id} revision={revision} />}
    />
  );
}

const personCalls = (id: number): ReviewCalls => ({
  accept: (comment, resolutions) => acceptRevision(id, comment, resolutions),
  reject: (comment) => rejectRevision(id, comment),
});

function ProposalCard({ revision }: { revision: Revision }) {
  const script = useScript();
  const value = useFieldValue(revision);
  const name =
    revision.person?.name ??
    (typeof revision.after?.name === 'string' ? revision.after.name : `#${revision.id}`);

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
      <ProposalReview revisionId={revision.id} calls={personCalls(revision.id)} value={value} />
    </Paper>
  );
}
