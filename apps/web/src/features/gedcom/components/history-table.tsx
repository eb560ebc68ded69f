import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GedcomJobListItem, GedcomJobStatus } from '@bagysh/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useScript } from '../../../lib/script';
import { JOBS_PAGE_SIZE, useJobs } from '../api/gedcom-api';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';

const STATUS_COLOR: Record<GedcomJobStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> =
  {
    queued: 'default',
    running: 'info',
    done: 'success',
    failed: 'error',
    cancelled: 'warning',
  };

/** Persons written, of those in the file when its preview counted them. */
const persons = (job: GedcomJobListItem) =>
  job.counts ? `${job.persons_created} / ${job.counts.individuals}` : String(job.persons_created);

function StatusChip({ status }: { status: GedcomJobStatus }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  return (
    <Chip size="small" color={STATUS_COLOR[status]} label={script.text(t(`status.${status}`))} />
  );
}

function OpenButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  return (
    <Button size="small" onClick={onClick} {...script.label(t('history.open'))}>
      {script.text(t('history.open'))}
    </Button>
  );
}

/** Every import, newest first: who, when, which file, how many persons, its report. */
export function HistoryTable({ onOpen }: { onOpen: (jobId: string) => void }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const [page, setPage] = useState(1);
  const jobs = useJobs(page);
  const phone = useMediaQuery(widthBelow('sm'));
  const columns = [
    t('history.when'),
    t('history.who'),
    t('history.file'),
    t('history.counts'),
    t('history.status'),
    t('history.report'),
  ];

  let body;
  if (jobs.isPending) body = <Skeleton variant="rounded" height={120} />;
  else if (jobs.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void jobs.refetch()}>
            {script.text(t('job.retry'))}
          </Button>
        }
      >
        {script.text(t('history.error'))}
      </Alert>
    );
  else if (jobs.data.count === 0)
    body = <Typography color="textSecondary">{script.text(t('history.empty'))}</Typography>;
  else
    body = (
      <>
        {phone ? (
          <Stack
            component="ul"
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            data-testid="gedcom-history"
          >
            {jobs.data.results.map((job) => (
              <Box
                component="li"
                key={job.id}
                data-job={job.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                >
                  <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                    {job.file_name ?? '—'}
                  </Typography>
                  <StatusChip status={job.status} />
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  {[formatDateTime(job.created_at), job.created_by?.username, persons(job)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <OpenButton onClick={() => onOpen(job.id)} />
              </Box>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" data-testid="gedcom-history">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column}>{script.text(column)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {jobs.data.results.map((job) => (
                  <TableRow key={job.id} data-job={job.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(job.created_at)}
                    </TableCell>
                    <TableCell>{job.created_by?.username ?? '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{job.file_name ?? '—'}</TableCell>
                    <TableCell>{persons(job)}</TableCell>
                    <TableCell>
                      <StatusChip status={job.status} />
                    </TableCell>
                    <TableCell>
                      <OpenButton onClick={() => onOpen(job.id)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {jobs.data.count > JOBS_PAGE_SIZE && (
          <Pagination
            count={Math.ceil(jobs.data.count / JOBS_PAGE_SIZE)}
            page={page}
            onChange={(_, value) => setPage(value)}
            aria-label={t('history.pagination')}
          />
        )}
      </>
    );

  return (
    <Stack spacing={2} component="section" aria-labelledby="gedcom-history-title">
      <Typography id="gedcom-history-title" variant="h5" component="h2">
        {script.text(t('history.title'))}
      </Typography>
      {body}
    </Stack>
  );
}
