import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RuneOutline } from '../../components/rune-outline';
import { HERO_RUNES } from '../../config/runes-hero';
import { paths } from '../../config/paths';
import { useScript } from '../../lib/script';
import styles from './home.module.css';

// Below the hero, in its own chunk: the landing's first paint needs none of it.
const HomeSections = lazy(() => import('../../features/content/components/home-sections'));
// The name search of /search, also in its own chunk (Autocomplete is heavy for a first paint).
const HomeSearch = lazy(() => import('../../features/genealogy/components/home-search'));

/** The search box's height, kept while its chunk loads so that nothing below it moves. */
const SEARCH_HEIGHT = 64;

/** Home (landing layout): the site's name over a hero, with the ways into the genealogy. */
export function Component() {
  const { t } = useTranslation();
  const script = useScript();

  return (
    <>
      <Box
        sx={{
          position: 'relative',
          overflow: 'hidden',
          minHeight: { xs: '88dvh', md: '78dvh' },
          display: 'flex',
          alignItems: 'center',
          pt: { xs: 10, lg: 16 },
          pb: { xs: 8, md: 10 },
          color: '#fff',
          background:
            'radial-gradient(circle at 80% 20%, rgba(255,183,77,0.35), transparent 45%), linear-gradient(155deg, #3E2723 0%, #8D2A0B 48%, #E65100 100%)',
        }}
      >
        {/* The site's search label in runes, as outlines: a Cyrillic page does not
            download the rune font. */}
        <RuneOutline outline={HERO_RUNES} className={styles.heroRunes} />
        <Container maxWidth="lg" sx={{ position: 'relative' }}>
          <Typography
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: 38, sm: 52, md: 64 }, fontWeight: 800, letterSpacing: '-0.02em' }}
          >
            {script.text(t('site.name'))}
          </Typography>
          <Typography
            sx={{
              mt: 2,
              maxWidth: 640,
              fontSize: { xs: 17, md: 20 },
              opacity: 0.92,
              lineHeight: 1.5,
            }}
          >
            {script.text(t('home.lead'))}
          </Typography>
          <Box sx={{ mt: 4, minHeight: SEARCH_HEIGHT, color: 'text.primary' }}>
            <Suspense fallback={null}>
              <HomeSearch />
            </Suspense>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
            <Button
              component={Link}
              to={paths.search()}
              size="large"
              variant="contained"
              disableElevation
              sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#FFF3E0' } }}
              {...script.label(t('nav.search'))}
            >
              {script.text(t('nav.search'))}
            </Button>
            <Button
              component={Link}
              to={paths.personArticles()}
              size="large"
              variant="outlined"
              color="inherit"
              {...script.label(t('nav.personArticles'))}
            >
              {script.text(t('nav.personArticles'))}
            </Button>
          </Stack>
        </Container>
      </Box>
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
