import {
  TREE_CHECK_KINDS,
  TreeCheckKindSchema,
  type TreeCheckItem,
  type TreeCheckKind,
  type TreeCheckPerson,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/tree-checks';
import { useScript } from '../../../lib/script';
import {
  TREE_CHECKS_PAGE_SIZE,
  useTreeCheckPage,
  useTreeCheckSummary,
} from '../api/tree-checks-api';

/** The years of a person as "1950–2010", "1950–", "–2010", or nothing. */
function years(person: TreeCheckPerson): string {
  if (person.birth_year === null && person.death_year === null) return '';
  return `${person.birth_year ?? ''}–${person.death_year ?? ''}`;
}

function PersonLine({ person }: { person: TreeCheckPerson }) {
  const { t } = useTranslation('treeChecks');
  const script = useScript();
  const role = t(`roles.${person.role}`);
  const span = years(person);
  return (
    <Box component="li">
      {role && (
        <Typography component="span" variant="body2" color="textSecondary" sx={{ mr: 0.5 }}>
          {script.text(role)}:
        </Typography>
      )}
      <Link component={RouterLink} to={paths.person(person.id)} {...script.label(person.name)}>
        {script.text(person.name)}
      </Link>
      {span && (
        <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 0.5 }}>
          ({span})
        </Typography>
      )}
    </Box>
  );
}

function ItemCard({ item }: { item: TreeCheckItem }) {
  const { t } = useTranslation('treeChecks');
  const script = useScript();
  const first = item.persons[0];
  const fixLabel = t('fixPerson', { name: first?.name ?? '' });
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid="tree-check-item"
      data-person={item.person_id}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{script.text(item.detail)}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
              {script.text(t('fixLabel'))}
            </Box>
            {script.text(item.fix)}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {item.persons.map((person) => (
              <PersonLine key={`${person.role}-${person.id}`} person={person} />
            ))}
          </Box>
        </Box>
        <Button
          variant="outlined"
          size="small"
          component={RouterLink}
          to={paths.personEdit(item.person_id)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          // Every item has this button: its name says whose page it opens, in both scripts.
          aria-label={fixLabel}
          title={fixLabel}
        >
          {script.text(t('fix'))}
        </Button>
      </Stack>
    </Paper>
  );
}

function KindList({
  kind,
  page,
  onPage,
}: {
  kind: TreeCheckKind;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('treeChecks');
  const script = useScript();
  const items = useTreeCheckPage(kind, page);
  // A page past the end (the last items fixed meanwhile) moves to the last page there is.
  const last = items.data ? Math.max(1, Math.ceil(items.data.count / TREE_CHECKS_PAGE_SIZE)) : 1;
  const pastEnd = items.data !== undefined && !items.isPlaceholderData && page > last;
  useEffect(() => {
    if (pastEnd) onPage(last);
  }, [pastEnd, last, onPage]);

  if (items.isPending) {
    return <Skeleton variant="rounded" height={160} role="status" aria-label={t('loading')} />;
  }
  if (items.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void items.refetch()}>
            {script.text(t('retry'))}
          </Button>
        }
      >
        {script.text(t('error'))}
      </Alert>
    );
  }
  if (items.data.count === 0) {
    return (
      <Alert severity="success" data-testid="tree-checks-empty">
        <Typography sx={{ fontWeight: 600 }}>{script.text(t('empty'))}</Typography>
        {script.text(t('emptyHint'))}
      </Alert>
    );
  }
  const pages = Math.ceil(items.data.count / TREE_CHECKS_PAGE_SIZE);
  return (
    <Stack spacing={2}>
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, opacity: items.isPlaceholderData ? 0.6 : 1 }}
        aria-busy={items.isPlaceholderData}
      >
        {items.data.results.map((item) => (
          <ItemCard key={item.persons.map((p) => p.id).join('-')} item={item} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, value) => onPage(value)}
          aria-label={t('pagination')}
          siblingCount={0}
          color="primary"
          getItemAriaLabel={(type, value) =>
            type === 'page'
              ? t('pageOf', { page: value ?? 0, pages })
              : type === 'previous'
                ? t('previous')
                : type === 'next'
                  ? t('next')
                  : type === 'first'
                    ? t('first')
                    : t('last')
          }
        />
      )}
    </Stack>
  );
}

/**
 * The tree checks (/tree-checks, moderators and admins): a tab per kind of likely error with
 * its count, the kind's items a page at a time, each with a link to the person's editor. The
 * kind and the page are in the URL (`?kind=…&page=…`), so the moderation page links to a tab
 * and a reload comes back to it.
 */
export function TreeChecksPageContent() {
  const { t } = useTranslation('treeChecks');
  const script = useScript();
  const [params, setParams] = useSearchParams();
  const parsed = TreeCheckKindSchema.safeParse(params.get('kind'));
  const kind: TreeCheckKind = parsed.success ? parsed.data : TREE_CHECK_KINDS[0];
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const summary = useTreeCheckSummary();

  const select = (next: TreeCheckKind) => setParams({ kind: next }, { replace: true });
  const goTo = (next: number) => {
    setParams({ kind, page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Typography color="textSecondary">{script.text(t('intro'))}</Typography>
      {summary.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(t('error'))}
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={kind}
          onChange={(_, value: TreeCheckKind) => select(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('tabs')}
        >
          {TREE_CHECK_KINDS.map((value) => {
            const count = summary.data?.counts[value];
            const label =
              count === undefined
                ? t(`kinds.${value}`)
                : t('count', { label: t(`kinds.${value}`), count });
            return (
              <Tab
                key={value}
                value={value}
                id={`tree-check-tab-${value}`}
                aria-controls="tree-check-panel"
                label={script.text(label)}
                {...script.label(label)}
                data-testid={`tree-check-tab-${value}`}
              />
            );
          })}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id="tree-check-panel"
        aria-labelledby={`tree-check-tab-${kind}`}
        data-testid="tree-check-panel"
      >
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {script.text(t(`hints.${kind}`))}
        </Typography>
        <KindList key={kind} kind={kind} page={page} onPage={goTo} />
      </Box>
    </Stack>
  );
}
