import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useCategories } from '../api/categories';
import { usePostList, type PostKind, type PostListFilters } from '../api/post-lists';
import { useHasRole, useViewer } from '../hooks/use-role';
import { pageCount, parseId } from '../lib/format';
import { PersonPicker } from './person-picker';
import { PostCard } from './post-card';
import { PublishButton } from './publish-button';
import { Pager } from './pager';
import { EmptyState, LoadError } from './query-state';
import '../../../lib/i18n/areas/content';

const PAGE_SIZE = 12;

type View = 'published' | 'pending' | 'all' | 'mine';

/** The list of articles or news: search, category, person, moderation view, pagination. */
export function PostList({ kind }: { kind: PostKind }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const [params, setParams] = useSearchParams();
  const viewer = useViewer();
  const moderator = useHasRole('moderator');

  const page = parseId(params.get('page')) ?? 1;
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const person = kind === 'article' ? parseId(params.get('person')) : null;
  const personName = params.get('person_name') ?? '';
  const viewParam = params.get('view') as View | null;
  const view: View =
    viewParam === 'mine' && viewer.logged
      ? 'mine'
      : (viewParam === 'pending' || viewParam === 'all') && moderator
        ? viewParam
        : 'published';

  const [search, setSearch] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setSearch(q);
  }

  const update = (changes: Record<string, string | null>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!keepPage) next.delete('page');
    setParams(next);
  };

  const filters: PostListFilters = {
    page,
    page_size: PAGE_SIZE,
    q: q || undefined,
    category: category || undefined,
    person: person ?? undefined,
    mine: view === 'mine' ? true : undefined,
    status: view === 'pending' || view === 'all' ? view : undefined,
  };
  const list = usePostList(kind, filters);
  const categories = useCategories(kind);

  const views: View[] = [
    'published',
    ...(viewer.logged ? (['mine'] as const) : []),
    ...(moderator ? (['pending', 'all'] as const) : []),
  ];
  const viewLabel = (v: View) =>
    v === 'mine'
      ? t('post.mine')
      : v === 'pending'
        ? t('status.pending')
        : v === 'all'
          ? t('status.all')
          : t('status.published');
  const canAdd = kind === 'article' ? viewer.logged : moderator;
  const addLabel =
    kind === 'article' ? t('titles.addPersonArticle', { ns: 'translation' }) : t('post.addNews');
  const emptyText =
    view === 'pending'
      ? t('post.emptyPending')
      : q || category || person
        ? t('common.nothingFound')
        : kind === 'article'
          ? t('post.emptyArticles')
          : t('post.emptyNews');

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, mb: 2, alignItems: { md: 'center' } }}
      >
        <Box
          component="form"
          role="search"
          sx={{ flex: 1, minWidth: 0 }}
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: search.trim() });
          }}
        >
          <TextField
            fullWidth
            size="small"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onBlur={() => search.trim() !== q && update({ q: search.trim() })}
            placeholder={t('common.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('common.search'), maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {(categories.data?.results.length ?? 0) > 0 && (
          <TextField
            select
            size="small"
            label={script.field(t('post.category'))}
            value={categories.data?.results.some((c) => String(c.id) === category) ? category : ''}
            onChange={(event) => update({ category: event.target.value })}
            sx={{ minWidth: { md: 200 } }}
          >
            <MenuItem value="">{script.text(t('common.all'))}</MenuItem>
            {categories.data?.results.map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {script.text(item.name)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {kind === 'article' && (
          <Box sx={{ minWidth: { md: 260 } }}>
            <PersonPicker
              size="small"
              label={t('post.filterPerson')}
              value={person ? { id: person, name: personName || `#${person}` } : null}
              onChange={(next) =>
                update({ person: next ? String(next.id) : null, person_name: next?.name ?? null })
              }
            />
          </Box>
        )}
        {canAdd && (
          <LinkButton
            to={kind === 'article' ? paths.addPersonArticle() : `${paths.news()}?compose=1`}
            {...script.label(addLabel)}
          >
            <AddIcon fontSize="small" />
            {script.text(addLabel)}
          </LinkButton>
        )}
      </Stack>

      {views.length > 1 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: View | null) =>
            next && update({ view: next === 'published' ? null : next })
          }
          sx={{ mb: 2, flexWrap: 'wrap' }}
          aria-label={t('post.moderation')}
        >
          {views.map((v) => (
            <ToggleButton key={v} value={v} {...script.label(viewLabel(v))}>
              {script.text(viewLabel(v))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}

      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Grid container spacing={2} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={260} />
            </Grid>
          ))}
        </Grid>
      ) : list.data.results.length === 0 ? (
        <EmptyState text={emptyText} />
      ) : (
        <>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {script.text(t('post.count', { count: list.data.count }))}
          </Typography>
          <Grid container spacing={2} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {list.data.results.map((post) => (
              <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <PostCard
                  action={
                    moderator && post.status !== 'published' ? (
                      <PublishButton kind={kind} id={post.id} />
                    ) : undefined
                  }
                  post={post}
                  to={kind === 'article' ? paths.personArticle(post.id) : paths.newsItem(post.id)}
                />
              </Grid>
            ))}
          </Grid>
          <Pager
            page={page}
            pages={pageCount(list.data.count, PAGE_SIZE)}
            onChange={(next) => update({ page: next === 1 ? null : String(next) }, true)}
          />
        </>
      )}
    </Box>
  );
}
