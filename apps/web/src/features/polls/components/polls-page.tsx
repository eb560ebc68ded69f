import { PollStatusSchema, type PollStatus } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../lib/i18n/areas/polls';
import { useScript } from '../../../lib/script';
import { POLLS_PAGE_SIZE, usePolls } from '../api/polls-api';
import { useCanManagePolls } from '../hooks/use-can-manage';
import { PollCard } from './poll-card';
import { PollFormDialog } from './poll-form-dialog';

const FILTERS = ['all', 'active', 'finished', 'canceled'] as const;
type Filter = (typeof FILTERS)[number];

/** `?status=&page=` of the address: the list survives a reload and Back. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const parsedStatus = PollStatusSchema.safeParse(params.get('status'));
  const status: PollStatus | null = parsedStatus.success ? parsedStatus.data : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { status?: PollStatus | null; page?: number }) => {
    const nextStatus = next.status === undefined ? status : next.status;
    const nextPage = next.page ?? 1;
    const search = new URLSearchParams();
    if (nextStatus) search.set('status', nextStatus);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  return { status, page, update };
}

function CardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden>
      <CardContent>
        <Skeleton width={90} height={28} />
        <Skeleton width="70%" height={32} />
        <Skeleton width="40%" />
        <Skeleton height={24} />
        <Skeleton height={24} />
      </CardContent>
    </Card>
  );
}

/** The /polls page body: status tabs, the poll cards, pages, and 'Жаны сурамжылоо'. */
export function PollsPage() {
  const { t } = useTranslation('polls');
  const script = useScript();
  const { status, page, update } = useListParams();
  const canManage = useCanManagePolls();
  const [creating, setCreating] = useState(false);
  const query = usePolls(status, page);
  const filter: Filter = status ?? 'all';
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.count / POLLS_PAGE_SIZE)) : 1;
  const beyondEnd = query.data !== undefined && page > pageCount;
  useEffect(() => {
    // The last poll of the last page was deleted (or a stale link): show the last page.
    if (beyondEnd) update({ page: pageCount });
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Tabs
          value={filter}
          onChange={(_event, value: Filter) => update({ status: value === 'all' ? null : value })}
          aria-label={t('filters.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {FILTERS.map((item) => {
            const label = item === 'all' ? t('filters.all') : t(`status.${item}`);
            return (
              <Tab
                key={item}
                value={item}
                label={script.text(label)}
                {...script.label(label)}
                data-testid={`poll-filter-${item}`}
              />
            );
          })}
        </Tabs>
        {canManage && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
            {...script.label(t('newPoll'))}
          >
            {script.text(t('newPoll'))}
          </Button>
        )}
      </Stack>

      <Stack spacing={2} sx={{ mt: 3 }} aria-busy={query.isFetching}>
        {query.isPending && [0, 1, 2].map((item) => <CardSkeleton key={item} />)}
        {query.isError && !query.data && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {script.text(t('retry'))}
              </Button>
            }
          >
            {script.text(t('loadError'))}
          </Alert>
        )}
        {query.data?.results.length === 0 && (
          <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
            {script.text(status ? t('emptyStatus') : t('empty'))}
          </Typography>
        )}
        {query.data?.results.map((poll) => (
          <PollCard key={poll.id} poll={poll} canManage={canManage} />
        ))}
      </Stack>

      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={Math.min(page, pageCount)}
          onChange={(_event, value) => update({ page: value })}
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
          aria-label={t('pagination')}
          siblingCount={0}
        />
      )}

      {canManage && <PollFormDialog open={creating} onClose={() => setCreating(false)} />}
    </Box>
  );
}
