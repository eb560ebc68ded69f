import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RuneOutline } from '../../components/rune-outline';
import { HERO_RUNES } from '../../config/runes-hero';
import { paths } from '../../config/paths';
import { useGuardNotice } from '../../lib/guard-notice';
import { useScript } from '../../lib/script';
import styles from './home.module.css';

// Below the hero, in its own chunk: the landing's first paint needs none of it.
const HomeSections = lazy(() => import('../../features/content/components/home-sections'));
// The name search of /search, also in its own chunk (Autocomplete is heavy for a first paint).
const HomeSearch = lazy(() => import('../../features/genealogy/components/home-search'));
// The route guard's notice, only after a guard sent a guest here (the guard preloads it).
const GuardNotice = lazy(() => import('./home-guard-notice'));

/** Home (landing layout): the site's name over a hero, with the ways into the genealogy. */
export function Component() {
  const { t } = useTranslation();
  const script = useScript();
  const next = useGuardNotice((state) => state.next);

  // Drawn without MUI (home.module.css): the landing page's first paint loads none of it
  // (the first-paint budget).
  return (
    <>
      <div className={styles.hero}>
        {/* The site's search label in runes, as outlines: a Cyrillic page does not
            download the rune font. */}
        <RuneOutline outline={HERO_RUNES} className={styles.heroRunes} />
        <div className={`container container-lg ${styles.heroInner}`}>
          {next !== null && (
            <Suspense fallback={null}>
              <GuardNotice next={next} />
            </Suspense>
          )}
          <h1 className={styles.title}>{script.text(t('site.name'))}</h1>
          <p className={styles.lead}>{script.text(t('home.lead'))}</p>
          {/* Its height kept while the search box's chunk loads, so that nothing below moves. */}
          <div className={styles.search}>
            <Suspense fallback={null}>
              <HomeSearch />
            </Suspense>
          </div>
          <div className={styles.actions}>
            <Link
              to={paths.search()}
              className={`${styles.action} ${styles.filled}`}
              {...script.label(t('nav.search'))}
            >
              {script.text(t('nav.search'))}
            </Link>
            <Link
              to={paths.personArticles()}
              className={`${styles.action} ${styles.outlined}`}
              {...script.label(t('nav.personArticles'))}
            >
              {script.text(t('nav.personArticles'))}
            </Link>
          </div>
        </div>
      </div>
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
