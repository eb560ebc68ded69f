import { PERSON_ORDERINGS, personLabel, type PersonOrdering, type Sex } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useClans, usePersons, type PersonFilters } from '../api/genealogy-api';
import { PersonLabel } from '../../../components/person-label';
import { useDebounced } from './person-search';

/** The list filters as URL parameters (strings; '' = no filter). */
export interface PersonsListParams {
  q: string;
  clan: string;
  generation: string;
  living: string;
  sex: string;
  ordering: string;
}

export function filtersOf(params: PersonsListParams): PersonFilters {
  const clan = Number(params.clan);
  const generation = Number(params.generation);
  return {
    q: params.q.trim() || undefined,
    clan: Number.isInteger(clan) && clan > 0 ? clan : undefined,
    generation: Number.isInteger(generation) && generation > 0 ? generation : undefined,
    living: params.living === 'true' ? true : params.living === 'false' ? false : undefined,
    sex: (['M', 'F', 'U'] as const).includes(params.sex as Sex) ? (params.sex as Sex) : undefined,
    ordering: (PERSON_ORDERINGS as readonly string[]).includes(params.ordering)
      ? (params.ordering as PersonOrdering)
      : 'name',
  };
}

export interface PersonsListProps {
  params: PersonsListParams;
  onChange: (next: PersonsListParams) => void;
}

/** Инсандар: filters, sort and an endless keyset-paged list. */
export function PersonsList({ params, onChange }: PersonsListProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const [name, setName] = useState(params.q);
  const debouncedName = useDebounced(name, 300);
  const clans = useClans();
  const filters = filtersOf(params);
  const persons = usePersons(filters);
  const sentinel = useRef<HTMLDivElement>(null);

  const paramsRef = useRef(params);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    paramsRef.current = params;
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (debouncedName !== paramsRef.current.q) {
      onChangeRef.current({ ...paramsRef.current, q: debouncedName });
    }
  }, [debouncedName]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = persons;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const set = (key: keyof PersonsListParams, value: string) =>
    onChange({ ...params, [key]: value });
  const rows = persons.data?.pages.flatMap((page) => page.results) ?? [];
  const count = persons.data?.pages[0]?.count;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Box
        component="form"
        role="search"
        onSubmit={(event) => event.preventDefault()}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: '1.8fr 1.4fr 0.8fr 1.4fr 1fr 1.7fr' },
          // On phones the name and the sort (the longest labels) take a full row each.
          '& > :first-of-type, & > :last-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <TextField
          id="persons-q"
          label={script.field(t('list.name'))}
          value={name}
          type="search"
          onChange={(event) => setName(event.target.value)}
          size="small"
        />
        <TextField
          id="persons-clan"
          select
          size="small"
          label={script.field(t('list.clan'))}
          value={clans.data ? params.clan : ''}
          onChange={(event) => set('clan', event.target.value)}
        >
          <MenuItem value="">{script.text(t('list.all'))}</MenuItem>
          {clans.data?.results.map((clan) => (
            <MenuItem key={clan.id} value={String(clan.id)}>
              {script.text(clan.parent ? `— ${clan.name}` : clan.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="persons-generation"
          size="small"
          label={script.field(t('list.generation'))}
          value={params.generation}
          onChange={(event) => set('generation', event.target.value.replace(/\D/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          id="persons-living"
          select
          size="small"
          label={script.field(t('list.living'))}
          value={params.living}
          onChange={(event) => set('living', event.target.value)}
        >
          <MenuItem value="">{script.text(t('list.all'))}</MenuItem>
          <MenuItem value="true">{script.text(t('list.livingOnly'))}</MenuItem>
          <MenuItem value="false">{script.text(t('list.historical'))}</MenuItem>
        </TextField>
        <TextField
          id="persons-sex"
          select
          size="small"
          label={script.field(t('fields.sex'))}
          value={params.sex}
          onChange={(event) => set('sex', event.target.value)}
        >
          <MenuItem value="">{script.text(t('list.all'))}</MenuItem>
          <MenuItem value="M">{script.text(t('sex.M'))}</MenuItem>
          <MenuItem value="F">{script.text(t('sex.F'))}</MenuItem>
        </TextField>
        <TextField
          id="persons-ordering"
          select
          size="small"
          label={script.field(t('list.sort'))}
          value={filters.ordering}
          onChange={(event) => set('ordering', event.target.value)}
        >
          {PERSON_ORDERINGS.map((ordering) => (
            <MenuItem key={ordering} value={ordering}>
              {script.text(t(`ordering.${ordering}`))}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {count !== undefined && (
        <Typography color="textSecondary" role="status">
          {script.text(t('list.count', { count }))}
        </Typography>
      )}

      {persons.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : persons.isError && rows.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void persons.refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(persons.error.message)}
        </Alert>
      ) : rows.length === 0 ? (
        <Alert severity="info" data-testid="persons-empty">
          {script.text(t('list.empty'))}
        </Alert>
      ) : (
        <List
          disablePadding
          data-testid="persons-list"
          sx={{ opacity: persons.isPlaceholderData ? 0.6 : 1 }}
        >
          {rows.map((person) => (
            // The label wraps beside the chips: a long one takes two lines on a phone.
            <ListItem key={person.id} divider sx={{ gap: 1, px: 1 }}>
              <Link
                component={RouterLink}
                to={paths.person(person.id)}
                sx={{ flex: 1, minWidth: 0 }}
                {...script.label(personLabel(person))}
              >
                <PersonLabel person={person} nameSx={{ fontWeight: 600 }} />
              </Link>
              <Chip
                size="small"
                variant="outlined"
                label={script.text(t('person.generation', { n: person.generation }))}
              />
              {person.living && (
                <Chip size="small" color="success" label={script.text(t('person.living'))} />
              )}
            </ListItem>
          ))}
        </List>
      )}
      <Box ref={sentinel} sx={{ minHeight: 1 }} />
      {persons.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void persons.fetchNextPage()}
            disabled={persons.isFetchingNextPage}
            startIcon={persons.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
          >
            {script.text(t('list.more'))}
          </Button>
        </Box>
      )}
      {persons.isError && rows.length > 0 && (
        <Alert severity="error">{script.text(persons.error.message)}</Alert>
      )}
    </Stack>
  );
}
