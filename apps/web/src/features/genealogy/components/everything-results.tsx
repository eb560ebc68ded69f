import { recordingPath, type SearchGroup, type SearchHit } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/search-everything';
import { useScript } from '../../../lib/script';
import { useSearchEverything } from '../api/search-everything-api';
import { HighlightedSnippet } from './highlighted-snippet';

function hrefOf(hit: SearchHit): string | null {
  if (!hit.link) return null;
  switch (hit.link.route) {
    case 'person':
      return paths.person(hit.link.id);
    case 'personArticle':
      return paths.personArticle(hit.link.id);
    case 'newsItem':
      return paths.newsItem(hit.link.id);
    case 'recording':
      return recordingPath(hit.link.id, hit.link.at);
  }
}

function HitItem({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('searchEverything');
  const script = useScript();
  const href = hrefOf(hit);
  return (
    <Box
      component="li"
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="search-hit"
    >
      {href ? (
        <Typography
          component={Link}
          to={href}
          sx={{ fontWeight: 600, color: 'primary.dark', overflowWrap: 'anywhere' }}
          {...script.label(hit.title)}
        >
          {script.text(hit.title)}
        </Typography>
      ) : (
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {script.text(hit.title)}{' '}
          <Typography component="span" variant="body2" color="textSecondary">
            ({script.text(t('noPage'))})
          </Typography>
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        <HighlightedSnippet segments={hit.snippet} />
      </Typography>
    </Box>
  );
}

/** One kind's hits: the first page from the common answer, further pages asked for alone. */
function KindSection({ q, first }: { q: string; first: SearchGroup }) {
  const { t } = useTranslation('searchEverything');
  const script = useScript();
  const [page, setPage] = useState(1);
  const paged = useSearchEverything(page > 1 ? q : '', first.kind, page);
  const group = page > 1 ? (paged.data?.groups[0] ?? first) : first;
  const pages = first.pages;
  const title = t(`kinds.${first.kind}`);
  const count = t(first.capped ? 'countCapped' : 'count', { count: first.count });
  const headingId = `search-kind-${first.kind}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }} data-kind={first.kind}>
      <Typography id={headingId} component="h2" variant="h6">
        {script.text(title)}{' '}
        <Typography component="span" color="textSecondary">
          ({count})
        </Typography>
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, opacity: paged.isFetching ? 0.6 : 1 }}
      >
        {group.results.map((hit) => (
          <HitItem key={`${hit.kind}-${hit.id}`} hit={hit} />
        ))}
      </Box>
      {pages > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {script.text(t('previous'))}
          </Button>
          <Typography variant="body2">{script.text(t('page', { page }))}</Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {script.text(t('next'))}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The API leaves out shorter words (apps/api/src/modules/search/text-match.ts). */
const MIN_QUERY = 3;

/**
 * The search of everything under the name search of /search, for what its box holds: kept in
 * `?q=` (replaced, not pushed), so that Back from a hit finds the query again.
 */
export function EverythingPanel({ query }: { query: string }) {
  // The history entry this query was typed on. A person chosen before this effect ran (a busy
  // phone) has pushed a new one, which must not get the old query.
  const { key } = useLocation();
  useEffect(() => {
    const state = window.history.state as { key?: string } | null;
    if ((state?.key ?? 'default') !== key) return;
    const url = new URL(window.location.href);
    if ((url.searchParams.get('q') ?? '') === query) return;
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    // Written past the router: a router navigation here cancelled one to a person chosen at
    // the same moment (?person=), which then never opened. The router's next navigation
    // drops q, as choosing a person should.
    window.history.replaceState(window.history.state, '', url);
  }, [query, key]);
  return query.length >= MIN_QUERY ? <EverythingResults q={query} /> : null;
}

/**
 * Persons, notes, sources, articles and news found for `q`, one section per kind that has
 * hits, each with its count and pages.
 */
export function EverythingResults({ q }: { q: string }) {
  const { t } = useTranslation('searchEverything');
  const script = useScript();
  const search = useSearchEverything(q);
  const groups = search.data?.groups ?? [];
  const found = groups.filter((group) => group.results.length > 0);
  return (
    <Box sx={{ mb: 3 }} data-testid="search-everything" aria-busy={search.isFetching}>
      {search.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void search.refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(search.error.message)}
        </Alert>
      ) : search.isPending ? (
        <Box role="status" aria-label={t('loading')}>
          {[1, 2, 3].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} sx={{ mt: 2 }} />
          ))}
        </Box>
      ) : found.length === 0 ? (
        <Typography color="textSecondary" sx={{ mt: 2 }} role="status">
          {script.text(t('empty'))}
        </Typography>
      ) : (
        found.map((group) => <KindSection key={`${q}-${group.kind}`} q={q} first={group} />)
      )}
    </Box>
  );
}
