import { personLabel } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { PendingPosts, useHasRole } from '../../features/content';
import { useMe, useStewardBranches } from '../../features/accounts';
import {
  ModerationQueue,
  PersonClaimsQueue,
  RecordProposalsQueue,
  reviewsProposals,
} from '../../features/genealogy';
import { TreeCheckCountsList } from '../../features/tree-checks';
import '../../lib/i18n/areas/genealogy';
import { useModerationCounts } from '../../lib/moderation-counts';
import { useScript } from '../../lib/script';
import { useSessionStore } from '../../lib/session-store';

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number | undefined;
  children: ReactNode;
}) {
  const script = useScript();
  return (
    <Box component="section" aria-labelledby={id} data-testid={id}>
      <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {script.text(count === undefined ? title : `${title} (${count})`)}
      </Typography>
      {children}
    </Box>
  );
}

/** What a branch steward reviews: the branches they keep, then those branches' proposals. */
function StewardQueue({ count }: { count: number | undefined }) {
  const { t: g } = useTranslation('genealogy');
  const script = useScript();
  const branches = useStewardBranches('me');
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Alert severity="info" data-testid="steward-branches">
        <Typography variant="body2">{script.text(g('moderation.stewardIntro'))}</Typography>
        {branches.data && branches.data.results.length > 0 ? (
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            {script.text(
              `${g('moderation.stewardBranches')}: ${branches.data.results
                .map((branch) => personLabel(branch.person))
                .join(', ')}`,
            )}
          </Typography>
        ) : null}
      </Alert>
      <Section id="moderation-proposals" title={g('moderation.proposals')} count={count}>
        <ModerationQueue />
      </Section>
    </Stack>
  );
}

/**
 * The one moderation queue (/moderation, moderators and admins): person proposals of the tree,
 * proposals on places, sources, notes and transcripts, members' articles and news items and "Бул мен" requests that wait, each section with its count; then the tree
 * checks' count of each kind, each a link to its list. A branch steward sees their branches'
 * person proposals only.
 */
export function Component() {
  const { t } = useTranslation();
  const { t: g } = useTranslation('genealogy');
  const script = useScript();
  // The stored user is refreshed here: a branch given since the sign-in shows at once.
  useMe();
  const moderator = useHasRole('moderator');
  const steward = useSessionStore((state) => reviewsProposals(state.user));
  const counts = useModerationCounts({ refresh: true });

  return (
    <PageHeading title={t('titles.moderation')}>
      {moderator ? (
        <Stack spacing={5} sx={{ mt: 2 }}>
          <Section
            id="moderation-proposals"
            title={g('moderation.proposals')}
            count={counts?.proposals}
          >
            <ModerationQueue />
          </Section>
          <Section
            id="moderation-record-proposals"
            title={g('moderation.records')}
            count={counts?.records}
          >
            <RecordProposalsQueue />
          </Section>
          <Section
            id="moderation-articles"
            title={g('moderation.articles')}
            count={counts?.articles}
          >
            <PendingPosts kind="article" />
          </Section>
          <Section id="moderation-news" title={g('moderation.news')} count={counts?.news}>
            <PendingPosts kind="news" />
          </Section>
          <Section
            id="moderation-person-claims"
            title={g('claims.queueTitle')}
            count={counts?.person_claims}
          >
            <PersonClaimsQueue />
          </Section>
          <Section id="moderation-tree-checks" title={t('titles.treeChecks')} count={undefined}>
            <TreeCheckCountsList counts={counts?.tree_checks ?? null} />
          </Section>
        </Stack>
      ) : steward ? (
        <StewardQueue count={counts?.proposals} />
      ) : (
        <Alert severity="warning">{script.text(g('moderation.forbidden'))}</Alert>
      )}
    </PageHeading>
  );
}
