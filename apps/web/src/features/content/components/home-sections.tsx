import type { TreeStats } from '@bagysh/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PlainIcon } from '../../../components/plain-icon';
import { paths } from '../../../config/paths';
import { providedLazy } from '../../../lib/providers';
import { useScript } from '../../../lib/script';
import { formatCount } from '../../../lib/numbers';
import { useFetched } from '../../../lib/use-fetched';
import { fetchArticles, fetchNewsList, fetchTreeStats } from '../api/plain-reads';
import styles from './home-sections.module.css';
import { PostCard } from './post-card';
import type { LoadError as LoadErrorView } from './query-state';
import '../../../lib/i18n/areas/content-home';

type LoadErrorProps = Parameters<typeof LoadErrorView>[0];

// The sections are drawn without MUI (home-sections.module.css): the landing page loads none of
// it (the first-paint budget). A failed load's message is MUI's Alert and Button, loaded with
// MUI's theme when one is shown.
const LoadError = providedLazy<LoadErrorProps>(() =>
  import('./query-state').then(({ LoadError }) => ({ default: LoadError })),
);

/** MUI's Skeleton (pulse): a line of text, or a rounded block of the given height. */
function Skeleton({ width, height }: { width?: number; height?: number }) {
  const shape = height === undefined ? styles.skeletonText : styles.skeletonRounded;
  return <span className={`${styles.skeleton} ${shape}`} style={{ width, height }} />;
}

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
  const { t: shell } = useTranslation();
  const stats = useFetched('stats', fetchTreeStats);
  if (stats.isError) return null; // the figures are a bonus; the rest of the page stands
  return (
    <section aria-labelledby="home-stats" className={styles.stats}>
      <div className={`container container-lg ${styles.statsInner}`}>
        {/* The statistics page's link on the heading's line: the band keeps its height. */}
        <div className={styles.statsHead}>
          <h2 id="home-stats" className="t-overline">
            {script.text(t('home.statsTitle'))}
          </h2>
          <Link
            to={paths.stats()}
            className={`t-overline ${styles.statsLink}`}
            data-testid="home-stats-link"
            {...script.label(shell('titles.stats'))}
          >
            {script.text(shell('titles.stats'))}
          </Link>
        </div>
        <div className={`${styles.grid} ${styles.statsGrid}`} data-testid="home-stats">
          {STAT_KEYS.map((key) => (
            <div key={key} className={`${styles.cell} ${styles.figure}`}>
              <p className={styles.figureValue}>
                {stats.data ? formatCount(stats.data[key]) : <Skeleton width={64} />}
              </p>
              <p className="t-body2">{script.text(t(`home.stats.${key}`))}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function Latest({ kind }: { kind: 'article' | 'news' }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const filters = { page: 1, page_size: 3 };
  const query = useFetched(kind, (signal) =>
    kind === 'article' ? fetchArticles(filters, signal) : fetchNewsList(filters, signal),
  );
  const title = kind === 'article' ? t('home.latestArticles') : t('home.latestNews');
  const all = kind === 'article' ? t('home.allArticles') : t('home.allNews');
  const id = `home-latest-${kind}`;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.heading}>
        <h2 id={id} className={`t-h5 ${styles.bold}`}>
          {script.text(title)}
        </h2>
        <LinkButton
          variant="text"
          to={kind === 'article' ? paths.personArticles() : paths.news()}
          {...script.label(all)}
        >
          {script.text(all)}
          <PlainIcon icon="arrowForward" small />
        </LinkButton>
      </div>
      {query.isError ? (
        <Suspense fallback={null}>
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        </Suspense>
      ) : !query.data ? (
        <div className={styles.grid}>
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${styles.cell} ${styles.post}`}>
              <Skeleton height={220} />
            </div>
          ))}
        </div>
      ) : query.data.results.length === 0 ? (
        <p className="t-body1">
          {script.text(kind === 'article' ? t('post.emptyArticles') : t('post.emptyNews'))}
        </p>
      ) : (
        <div className={styles.grid} data-testid={id}>
          {query.data.results.map((post) => (
            <div key={post.id} className={`${styles.cell} ${styles.post}`}>
              <PostCard
                post={post}
                to={kind === 'article' ? paths.personArticle(post.id) : paths.newsItem(post.id)}
              />
            </div>
          ))}
        </div>
      )}
    </section>
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
      <div className="container container-lg">
        <Latest kind="news" />
        <Latest kind="article" />
        <section className={`${styles.section} ${styles.about}`}>
          <h2 className={`t-h5 ${styles.bold}`}>{script.text(t('home.aboutTitle'))}</h2>
          <p className={`t-body1 ${styles.aboutText}`}>{script.text(t('home.aboutText'))}</p>
          <div className={styles.links}>
            {(['about', 'founders', 'contacts', 'calendar'] as const).map((key) => (
              <LinkButton
                key={key}
                variant="outlined"
                to={paths[key]()}
                {...script.label(tr(`titles.${key}`))}
              >
                {script.text(tr(`titles.${key}`))}
              </LinkButton>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
