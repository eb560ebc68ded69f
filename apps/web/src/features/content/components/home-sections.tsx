import type { TreeStats } from '@bagysh/shared';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useTreeStats } from '../api/misc';
import { usePostList } from '../api/post-lists';
import { PostCard } from './post-card';
import { LoadError } from './query-state';
import '../../../lib/i18n/areas/content-home';

const STAT_KEYS = [
  'persons',
  'generations',
  'clans',
  'living',
  'historical',
] as const satisfies readonly (keyof TreeStats)[];

function Stats() {
  const { t } = useTranslation('content');
  const script = useScript();
  const stats = useTreeStats();
  if (stats.isError) return null; // the figures are a bonus; the rest of the page stands
  return (
    <Box
      component="section"
      aria-labelledby="home-stats"
      sx={{ bgcolor: '#FFF8F0', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
        <Typography id="home-stats" variant="overline" color="text.secondary" component="h2">
          {script.text(t('home.statsTitle'))}
        </Typography>
        <Grid container spacing={2} sx={{ mt: 0.5 }} data-testid="home-stats">
          {STAT_KEYS.map((key) => (
            <Grid key={key} size={{ xs: 6, sm: 4, md: 'grow' }}>
              <Typography
                sx={{
                  fontSize: { xs: 28, md: 36 },
                  fontWeight: 800,
                  color: 'primary.dark',
                  lineHeight: 1.1,
                }}
              >
                {stats.data ? stats.data[key].toLocaleString('ru-RU') : <Skeleton width={64} />}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {script.text(t(`home.stats.${key}`))}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}

function Latest({ kind }: { kind: 'article' | 'news' }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const filters = { page: 1, page_size: 3 };
  const query = usePostList(kind, filters);
  const title = kind === 'article' ? t('home.latestArticles') : t('home.latestNews');
  const all = kind === 'article' ? t('home.allArticles') : t('home.allNews');
  const id = `home-latest-${kind}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}
      >
        <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {script.text(title)}
        </Typography>
        <LinkButton
          variant="text"
          to={kind === 'article' ? paths.personArticles() : paths.news()}
          {...script.label(all)}
        >
          {script.text(all)}
          <ArrowForwardIcon fontSize="small" />
        </LinkButton>
      </Stack>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          ))}
        </Grid>
      ) : query.data.results.length === 0 ? (
        <Typography color="text.secondary">
          {script.text(kind === 'article' ? t('post.emptyArticles') : t('post.emptyNews'))}
        </Typography>
      ) : (
        <Grid container spacing={2} data-testid={id}>
          {query.data.results.map((post) => (
            <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <PostCard
                post={post}
                to={kind === 'article' ? paths.personArticle(post.id) : paths.newsItem(post.id)}
              />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

/** The home page below its hero: tree figures, latest news and articles, the tribe's pages. */
export default function HomeSections() {
  const { t } = useTranslation('content');
  const { t: tr } = useTranslation();
  const script = useScript();
  return (
    <>
      <Stats />
      <Container maxWidth="lg">
        <Latest kind="news" />
        <Latest kind="article" />
        <Box
          component="section"
          sx={{ py: { xs: 3, md: 5 }, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {script.text(t('home.aboutTitle'))}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            {script.text(t('home.aboutText'))}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {(['about', 'founders', 'contacts'] as const).map((key) => (
              <LinkButton
                key={key}
                variant="outlined"
                to={paths[key]()}
                {...script.label(tr(`titles.${key}`))}
              >
                {script.text(tr(`titles.${key}`))}
              </LinkButton>
            ))}
          </Stack>
        </Box>
      </Container>
    </>
  );
}
