import {
  DATE_WORDS_KY,
  parseGedcomDate,
  formatDateKy,
  parseMonthKey,
  monthKey,
  type CalendarEvent,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import '../../../lib/i18n/areas/calendar';
import '../../../lib/i18n/areas/genealogy-search';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useClans } from '../api/genealogy-api';
import {
  calendarFeedUrl,
  useCalendarMonth,
  useFeedTokenStatus,
  useRegenerateFeedToken,
  type CalendarFilters,
} from '../api/calendar-api';
import { usePerson } from '../api/tree-reads';
import { PersonSearch } from './person-search';

/** `YYYY-MM` of the month `delta` months from `key`. */
export function shiftMonth(key: string, delta: number): string {
  const { year, month } = parseMonthKey(key);
  const index = year * 12 + (month - 1) + delta;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

/** The current month, `YYYY-MM`, in the visitor's own time. */
export function currentMonth(now = new Date()): string {
  return monthKey(now.getFullYear(), now.getMonth() + 1);
}

function EventRow({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation('calendar');
  const script = useScript();
  const day = Number(event.date.slice(8, 10));
  const month = Number(event.date.slice(5, 7));
  const dayText = t('day', { day, month: DATE_WORDS_KY.months.gregorian[month - 1] ?? '' });
  const kind = t(`kinds.${event.kind}`);
  const years =
    event.years !== null && event.kind !== 'year1' ? t('years', { count: event.years }) : null;
  const memorial = event.kind !== 'birth' && event.kind !== 'death' && event.kind !== 'marriage';
  const person = (id: number, name: string) => (
    <Link component={RouterLink} to={paths.person(id)} {...script.label(name)}>
      {script.text(name)}
    </Link>
  );
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}
      data-testid="calendar-event"
      data-kind={event.kind}
      data-date={event.date}
    >
      <Box
        component="time"
        dateTime={event.date}
        sx={{ minWidth: { xs: 72, sm: 96 }, fontWeight: 700, color: 'primary.dark' }}
      >
        {script.text(dayText)}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {person(event.person.id, event.person.name)}
          {event.spouse && (
            <>
              {' '}
              {script.text(t('and'))} {person(event.spouse.id, event.spouse.name)}
            </>
          )}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          sx={{ mt: 0.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Chip
            size="small"
            label={script.text(kind)}
            color={memorial ? 'secondary' : 'default'}
            variant={memorial ? 'filled' : 'outlined'}
          />
          {years && (
            <Typography variant="body2" color="textSecondary">
              {script.text(years)}
            </Typography>
          )}
          <Typography variant="body2" color="textSecondary">
            {script.text(t('from', { date: formatDateKy(parseGedcomDate(event.source_date)) }))}
          </Typography>
        </Stack>
      </Box>
    </Paper>
  );
}

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation('calendar');
  const script = useScript();
  const copy = () => {
    void navigator.clipboard.writeText(value).then(() => notify(t('copied'), { type: 'success' }));
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <TextField
        id={id}
        label={script.field(label)}
        value={value}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': id } }}
      />
      <Button
        variant="outlined"
        onClick={copy}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        {...script.label(t('copy'))}
      >
        {script.text(t('copy'))}
      </Button>
    </Stack>
  );
}

/** The .ics links: the public one for everyone, the secret one with the memorial days for members. */
function FeedLinks({ filters, logged }: { filters: CalendarFilters; logged: boolean }) {
  const { t } = useTranslation('calendar');
  const script = useScript();
  const status = useFeedTokenStatus(logged);
  const regenerate = useRegenerateFeedToken();
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const scope = { clan: filters.clan, branch: filters.branch };

  const make = () => {
    setConfirming(false);
    regenerate.mutate(undefined, {
      onSuccess: (made) => setToken(made.token),
      onError: () => {
        void notify(t('tokenError'), { type: 'error' });
      },
    });
  };
  const madeAt = status.data?.created_at ?? null;

  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      aria-labelledby="calendar-feed"
    >
      <Typography id="calendar-feed" variant="h6" component="h2">
        {script.text(t('feedTitle'))}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
        {script.text(t('feedHint'))}
      </Typography>
      <CopyField id="calendar-public-feed" label={t('publicFeed')} value={calendarFeedUrl(scope)} />
      {logged && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {script.text(t('personalFeed'))}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {script.text(t('personalHint'))}
          </Typography>
          {token !== null ? (
            <CopyField
              id="calendar-personal-feed"
              label={t('personalFeed')}
              value={calendarFeedUrl({ ...scope, token })}
            />
          ) : (
            madeAt !== null && (
              <Typography variant="body2">
                {script.text(t('personalMade', { date: formatDateTime(madeAt) }))}
              </Typography>
            )
          )}
          <Box>
            <Button
              variant={madeAt === null && token === null ? 'contained' : 'outlined'}
              disabled={regenerate.isPending || status.isPending}
              onClick={() => (madeAt === null && token === null ? make() : setConfirming(true))}
              {...script.label(
                t(madeAt === null && token === null ? 'makePersonal' : 'regenerate'),
              )}
            >
              {script.text(t(madeAt === null && token === null ? 'makePersonal' : 'regenerate'))}
            </Button>
          </Box>
          <ConfirmDialog
            open={confirming}
            title={t('regenerateTitle')}
            text={t('regenerateText')}
            confirmLabel={t('regenerate')}
            danger
            pending={regenerate.isPending}
            onConfirm={make}
            onClose={() => setConfirming(false)}
          />
        </Stack>
      )}
    </Paper>
  );
}

export interface CalendarParams {
  month: string;
  clan: string;
  branch: string;
}

const idOf = (value: string) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * Эскерүү күндөрү (/calendar): a month's anniversaries of the departed (a member's also the
 * memorial days), by clan and branch, with the links to subscribe a phone's calendar. Month,
 * clan and branch live in the URL.
 */
export function CalendarView({
  params,
  onChange,
}: {
  params: CalendarParams;
  onChange: (next: CalendarParams) => void;
}) {
  const { t } = useTranslation('calendar');
  const script = useScript();
  const logged = useSessionStore((state) => state.logged);
  const clans = useClans();
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.month) ? params.month : currentMonth();
  const filters: CalendarFilters = {
    month,
    clan: idOf(params.clan),
    branch: idOf(params.branch),
  };
  const events = useCalendarMonth(logged, filters);
  const branchPerson = usePerson(filters.branch ?? null);
  const { year, month: monthNumber } = parseMonthKey(month);
  const title = t('monthTitle', {
    year,
    month: DATE_WORDS_KY.months.gregorian[monthNumber - 1] ?? '',
  });
  const set = (next: Partial<CalendarParams>) => onChange({ ...params, ...next });
  const branchName = branchPerson.data?.name ?? '';

  return (
    <Stack spacing={2.5} sx={{ mt: 1 }}>
      <Typography color="textSecondary">{script.text(t('intro'))}</Typography>
      {logged && (
        <Alert severity="info" data-testid="calendar-memorial-note">
          {script.text(t('memorialNote'))}
        </Alert>
      )}
      <Box
        component="form"
        role="search"
        aria-label={t('filters')}
        onSubmit={(event) => event.preventDefault()}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
          alignItems: 'center',
        }}
      >
        <TextField
          id="calendar-clan"
          select
          size="small"
          label={script.field(t('clan'))}
          value={clans.data ? params.clan : ''}
          onChange={(event) => set({ clan: event.target.value })}
        >
          <MenuItem value="">{script.text(t('allClans'))}</MenuItem>
          {clans.data?.results.map((clan) => (
            <MenuItem key={clan.id} value={String(clan.id)}>
              {script.text(clan.parent ? `— ${clan.name}` : clan.name)}
            </MenuItem>
          ))}
        </TextField>
        {filters.branch !== undefined ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography
              data-testid="calendar-branch"
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {script.text(t('branchChosen', { name: branchName }))}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              onClick={() => set({ branch: '' })}
              sx={{ flexShrink: 0 }}
              {...script.label(t('clearBranch'))}
            >
              {script.text(t('clearBranch'))}
            </Button>
          </Stack>
        ) : (
          <PersonSearch
            id="calendar-branch-search"
            label={t('branch')}
            onSelect={(person) => set({ branch: String(person.id) })}
          />
        )}
      </Box>

      <Stack
        component="nav"
        aria-label={t('monthNav')}
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        <IconButton
          onClick={() => set({ month: shiftMonth(month, -1) })}
          aria-label={t('previous')}
          title={t('previous')}
          data-testid="calendar-previous"
        >
          <ChevronLeftIcon />
        </IconButton>
        <Stack sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h5" component="h2" data-testid="calendar-month" data-month={month}>
            {script.text(title)}
          </Typography>
          {month !== currentMonth() && (
            <Button
              size="small"
              onClick={() => set({ month: currentMonth() })}
              {...script.label(t('current'))}
            >
              {script.text(t('current'))}
            </Button>
          )}
        </Stack>
        <IconButton
          onClick={() => set({ month: shiftMonth(month, 1) })}
          aria-label={t('next')}
          title={t('next')}
          data-testid="calendar-next"
        >
          <ChevronRightIcon />
        </IconButton>
      </Stack>

      {events.isPending ? (
        <Skeleton variant="rounded" height={160} role="status" aria-label={t('loading')} />
      ) : events.isError ? (
        <Alert
          severity="error"
          data-testid="calendar-error"
          action={
            <Button color="inherit" size="small" onClick={() => void events.refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(t('error'))}
        </Alert>
      ) : events.data.results.length === 0 ? (
        <Alert severity="info" data-testid="calendar-empty">
          <Typography sx={{ fontWeight: 600 }}>{script.text(t('empty'))}</Typography>
          {script.text(t('emptyHint'))}
        </Alert>
      ) : (
        <Stack spacing={1.5}>
          {events.data.truncated && (
            <Alert severity="warning">
              {script.text(t('truncated', { count: events.data.results.length }))}
            </Alert>
          )}
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ listStyle: 'none', p: 0, m: 0, opacity: events.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={events.isPlaceholderData}
            aria-label={title}
          >
            {events.data.results.map((event) => (
              <EventRow
                key={`${event.kind}-${event.person.id}-${event.spouse?.id ?? 0}-${event.date}`}
                event={event}
              />
            ))}
          </Stack>
        </Stack>
      )}

      <FeedLinks filters={filters} logged={logged} />
    </Stack>
  );
}
