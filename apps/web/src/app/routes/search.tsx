import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LazyAlert } from '../../components/lazy-alert';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../config/paths';
import {
  DeferredPersonSearch,
  idParam,
  loadTreeChildren,
  useTreeLabels,
  useMyPersonId,
  useTreeStart,
} from '../../features/genealogy';
import { PrintButton } from '../../features/print';
import { SanjyraTree } from '../../features/sanjyra-tree';
import '../../lib/i18n/areas/genealogy-tree';
import { useScript } from '../../lib/script';

const TREE_HEIGHT = 'max(420px, calc(100vh - 320px))';

/**
 * Санжыра: the name search with suggestions and the interactive tree (`?person=` focuses it;
 * without it, a member linked to their person sees the tree at their own branch).
 */
export function Component() {
  const { t } = useTranslation();
  const { t: g } = useTranslation('genealogy');
  const script = useScript();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const personId = idParam(params.get('person'));
  const mine = useMyPersonId();
  const bare = !params.has('person');
  useEffect(() => {
    if (bare && typeof mine === 'number') setParams({ person: String(mine) }, { replace: true });
  }, [bare, mine, setParams]);
  const start = useTreeStart(personId);
  const treeLabels = useTreeLabels();
  // Stable per script, so the tree's memoized nodes re-render only when the language changes.
  const renderText = useCallback((text: string) => script.text(text), [script]);
  const exportText = useCallback((text: string) => script.plain(text), [script]);

  const onFocusChange = useCallback(
    (id: number) => setParams({ person: String(id) }, { replace: true }),
    [setParams],
  );

  return (
    <PageHeading title={t('titles.search')}>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
        {script.text(g('search.intro'))}
      </Typography>
      <Box sx={{ maxWidth: 560, mb: 2 }}>
        {/* This id (EVERYTHING_SEARCH_ID) makes the picker search everything too, under it. */}
        <DeferredPersonSearch
          id="sanjyra-search"
          label={g('search.label')}
          onSelect={(person) => setParams({ person: String(person.id) })}
        />
      </Box>
      <Typography
        component={Link}
        to={paths.stats()}
        variant="body2"
        sx={{ display: 'inline-block', mb: 2, color: 'primary.dark' }}
        data-testid="stats-link"
        {...script.label(t('titles.stats'))}
      >
        {script.text(t('titles.stats'))}
      </Typography>
      {start.error && !start.initial ? (
        <LazyAlert
          severity="error"
          action={
            <Button color="inherit" onClick={start.retry}>
              {script.text(g('retry'))}
            </Button>
          }
        >
          {script.text(start.error.message)}
        </LazyAlert>
      ) : start.empty ? (
        <LazyAlert severity="info">{script.text(g('tree.empty'))}</LazyAlert>
      ) : start.initial ? (
        <SanjyraTree
          initial={start.initial}
          loadChildren={loadTreeChildren}
          personHref={paths.person}
          photoUrl={paths.fileThumbnail}
          onFocusChange={onFocusChange}
          onOpenPerson={(id) => void navigate(paths.person(id))}
          renderText={renderText}
          exportText={exportText}
          labels={treeLabels}
          height={TREE_HEIGHT}
          fileName={g('tree.fileName')}
          toolbarExtra={(focus) => (
            <PrintButton personId={focus.id} personName={focus.name} variant="toolbar" />
          )}
        />
      ) : (
        <Skeleton
          variant="rounded"
          height={TREE_HEIGHT}
          role="status"
          aria-label={g('loading')}
          data-testid="tree-loading"
        />
      )}
      {/* The anniversaries of the branch in view (or of the whole tree). */}
      {/* Typography as the link: MUI's Link would add to the page's first-paint budget. */}
      <Typography
        component={Link}
        to={paths.calendar(personId)}
        data-testid="tree-calendar-link"
        sx={{ display: 'inline-block', mt: 2, color: 'primary.dark' }}
        {...script.label(t('titles.calendar'))}
      >
        {script.text(t('titles.calendar'))}
      </Typography>
    </PageHeading>
  );
}
