import {
  personLabel,
  type KeptField,
  type RecordRevision,
  type Revision,
  type RevisionStatus,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useScript } from '../../../lib/script';
import { useMyRecordRevisions, useMyRevisions } from '../api/genealogy-api';
import { show } from '../lib/diff';
import { RevisionDiff, useFieldValue } from './revision-diff';

const PAGE_SIZE = 20;

type Outcome = 'accepted' | 'acceptedKept' | 'pending' | 'rejected';

function outcomeOf(status: RevisionStatus, kept: readonly KeptField[]): Outcome {
  if (status === 'pending') return 'pending';
  if (status === 'rejected') return 'rejected';
  return kept.length > 0 ? 'acceptedKept' : 'accepted';
}

const OUTCOME_COLOR = {
  accepted: 'success',
  acceptedKept: 'info',
  pending: 'warning',
  rejected: 'error',
} as const;

/** What became of a proposal: the outcome, when and by whom it was reviewed, and why. */
function OutcomeLine({
  status,
  kept,
  comment,
  createdAt,
}: {
  status: RevisionStatus;
  kept: readonly KeptField[];
  comment: string | null;
  createdAt: string;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const outcome = outcomeOf(status, kept);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          size="small"
          color={OUTCOME_COLOR[outcome]}
          label={script.text(t(`contributions.${outcome}`))}
          data-outcome={outcome}
        />
        <Typography variant="body2" color="textSecondary">
          {formatDateTime(createdAt)}
        </Typography>
      </Stack>
      {comment && status !== 'pending' && (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {script.text(t('contributions.reason', { comment }))}
        </Typography>
      )}
    </Stack>
  );
}

/** The fields of an accepted proposal kept as they were: the author's value and the one kept. */
function KeptList({ revision }: { revision: Revision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const value = useFieldValue(revision);
  if (revision.kept.length === 0) return null;
  return (
    <Box data-testid="kept-fields">
      <Typography variant="subtitle2" component="h4">
        {script.text(t('contributions.kept'))}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {revision.kept.map((kept) => (
          <Box component="li" key={kept.field} data-kept-field={kept.field}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {script.text(t(`fieldNames.${kept.field}`, { defaultValue: kept.field }))}
            </Typography>
            {': '}
            {script.text(t('moderation.proposedValue'))} — {value(kept.field, kept.proposed)};{' '}
            {script.text(t('moderation.currentValue'))} — {value(kept.field, kept.current)}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function PersonContribution({ revision }: { revision: Revision }) {
  const script = useScript();
  const name =
    revision.person?.name ??
    (typeof revision.after?.name === 'string' ? revision.after.name : `#${revision.id}`);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-contribution={revision.id}>
      <Stack spacing={1.5}>
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
        <OutcomeLine
          status={revision.status}
          kept={revision.kept}
          comment={revision.comment}
          createdAt={revision.created_at}
        />
        <Box sx={{ overflowX: 'auto' }}>
          <RevisionDiff revision={revision} />
        </Box>
        <KeptList revision={revision} />
      </Stack>
    </Paper>
  );
}

function RecordContribution({ revision }: { revision: RecordRevision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const fields = Object.keys(revision.after ?? revision.before ?? {});
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-record-contribution={revision.id}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h3">
          {script.text(
            `${t(`contributions.recordType.${revision.record_type}`)}: ${
              revision.record?.label ?? `#${revision.record_id ?? revision.id}`
            }`,
          )}
        </Typography>
        <OutcomeLine
          status={revision.status}
          kept={revision.kept}
          comment={revision.comment}
          createdAt={revision.created_at}
        />
        {fields.length > 0 && (
          <Typography variant="body2" color="textSecondary">
            {script.text(`${t(`action.${revision.action}`)}: ${fields.join(', ')}`)}
          </Typography>
        )}
        {revision.kept.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="kept-fields">
            {revision.kept.map((kept) => (
              <li key={kept.field}>
                {script.text(
                  t('contributions.keptRow', {
                    field: kept.field,
                    proposed: show(kept.proposed),
                    current: show(kept.current),
                  }),
                )}
              </li>
            ))}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

interface PagedList<T> {
  data?: { count: number; results: T[] };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** One section of the page: loading, error, empty, the list and its pages. */
function Section<T extends { id: number }>({
  id,
  title,
  query,
  page,
  setPage,
  render,
}: {
  id: string;
  title: string;
  query: PagedList<T>;
  page: number;
  setPage: (page: number) => void;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const pages = Math.max(1, Math.ceil((query.data?.count ?? 0) / PAGE_SIZE));
  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton variant="rounded" height={120} role="status" aria-label={t('loading')} />;
  } else if (query.isError || !query.data) {
    body = (
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
  } else if (query.data.results.length === 0) {
    body = <Alert severity="info">{script.text(t('contributions.empty'))}</Alert>;
  } else {
    body = (
      <Stack spacing={2}>
        {query.data.results.map((item) => (
          <Box key={item.id}>{render(item)}</Box>
        ))}
        {pages > 1 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button disabled={page <= 1 || query.isFetching} onClick={() => setPage(page - 1)}>
              {script.text(t('contributions.previous'))}
            </Button>
            <Typography variant="body2">
              {script.text(t('contributions.page', { page }))} / {pages}
            </Typography>
            <Button disabled={page >= pages || query.isFetching} onClick={() => setPage(page + 1)}>
              {script.text(t('contributions.next'))}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }
  return (
    <Box component="section" aria-labelledby={id} data-testid={id}>
      <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {script.text(query.data ? `${title} (${query.data.count})` : title)}
      </Typography>
      {body}
    </Box>
  );
}

/**
 * The signed-in member's contributions: every proposal they made and what became of it —
 * waiting, accepted, accepted with some fields kept as they were (which, and both values), or
 * rejected (with the moderator's reason).
 */
export function MyContributions() {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const [personPage, setPersonPage] = useState(1);
  const [recordPage, setRecordPage] = useState(1);
  const persons = useMyRevisions(personPage);
  const records = useMyRecordRevisions(recordPage);
  return (
    <Stack spacing={4} sx={{ mt: 2 }}>
      <Typography color="textSecondary">{script.text(t('contributions.intro'))}</Typography>
      <Section
        id="contributions-persons"
        title={t('contributions.persons')}
        query={persons}
        page={personPage}
        setPage={setPersonPage}
        render={(revision) => <PersonContribution revision={revision} />}
      />
      <Section
        id="contributions-records"
        title={t('contributions.records')}
        query={records}
        page={recordPage}
        setPage={setRecordPage}
        render={(revision) => <RecordContribution revision={revision} />}
      />
    </Stack>
  );
}
