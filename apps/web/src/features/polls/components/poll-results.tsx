import type { Poll } from '@bagysh/shared';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/polls';
import { useScript } from '../../../lib/script';
import { usePollResults } from '../api/polls-api';

/** Counts and percentages as bars; in an open poll, who chose what on request. */
export function PollResults({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const script = useScript();
  const [showVoters, setShowVoters] = useState(false);
  const detailed = usePollResults(poll.id, showVoters && !poll.anonymous);
  const summary = poll.results;

  if (!summary) {
    return (
      <Typography variant="body2" color="textSecondary" data-testid="poll-results-hidden">
        {script.text(t('results.hidden'))}
      </Typography>
    );
  }

  return (
    <Box component="section" aria-label={t('results.title')} data-testid="poll-results">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'baseline', mb: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="subtitle2" component="h3">
          {script.text(t('results.title'))}
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="poll-total-voters">
          {script.text(t('results.voters', { n: summary.total_voters }))}
        </Typography>
      </Stack>
      <Stack spacing={1.25}>
        {summary.options.map((option) => {
          const mine = poll.my_vote.includes(option.id);
          const voters = detailed.data?.options.find((item) => item.id === option.id)?.voters;
          return (
            <Box key={option.id} data-testid="poll-result" data-option={option.text}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
              >
                <Typography variant="body2" sx={{ fontWeight: mine ? 600 : 400, minWidth: 0 }}>
                  {mine && (
                    <CheckCircleIcon
                      color="success"
                      sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }}
                      titleAccess={t('results.yourChoice')}
                    />
                  )}
                  {script.text(option.text)}
                </Typography>
                <Typography
                  variant="body2"
                  color="textSecondary"
                  sx={{ whiteSpace: 'nowrap' }}
                  data-testid="poll-result-count"
                >
                  {script.text(t('results.votes', { n: option.votes, percent: option.percent }))}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, option.percent)}
                color={mine ? 'success' : 'primary'}
                sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
                aria-label={`${option.text}: ${option.percent}%`}
              />
              {showVoters && !poll.anonymous && voters && (
                <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
                  {voters.length === 0
                    ? script.text(t('results.noVoters'))
                    : script.text(
                        voters.map((voter) => voter.full_name || voter.username).join(', '),
                      )}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      {!poll.anonymous && (
        <Box sx={{ mt: 1 }}>
          <Button
            size="small"
            onClick={() => setShowVoters((shown) => !shown)}
            aria-expanded={showVoters}
            {...script.label(t(showVoters ? 'results.hideVoters' : 'results.showVoters'))}
          >
            {script.text(t(showVoters ? 'results.hideVoters' : 'results.showVoters'))}
          </Button>
          {showVoters && detailed.isPending && <Skeleton width="60%" />}
          {showVoters && detailed.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void detailed.refetch()}>
                  {script.text(t('retry'))}
                </Button>
              }
            >
              {script.text(t('results.loadError'))}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
