import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';

/** What a queue reads: one page of waiting items. */
interface QueueQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data?: { count: number; results: T[] };
  refetch: () => unknown;
}

/**
 * A moderators' queue as it loads: a placeholder, the error with a retry, the empty message,
 * or the items (after `header`, given their count), each drawn by `item`.
 */
export function ReviewQueue<T extends { id: number }>({
  query,
  empty,
  testId,
  header,
  item,
}: {
  query: QueueQuery<T>;
  empty: string;
  /** The list's `data-testid`; the empty message's is `${testId}-empty`. */
  testId: string;
  header?: (count: number) => ReactNode;
  item: (value: T) => ReactNode;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  if (query.isPending) {
    return <Skeleton variant="rounded" height={120} role="status" aria-label={t('loading')} />;
  }
  if (query.isError || !query.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {script.text(t('retry'))}
          </Button>
        }
      >
        {script.text(query.error?.message ?? t('error'))}
      </Alert>
    );
  }
  if (query.data.results.length === 0) {
    return (
      <Alert severity="success" data-testid={`${testId}-empty`}>
        {script.text(empty)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} data-testid={testId}>
      {header?.(query.data.count)}
      {query.data.results.map((value) => item(value))}
    </Stack>
  );
}
