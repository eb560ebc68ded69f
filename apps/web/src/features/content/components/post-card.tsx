import type { ArticleSummary, NewsSummary } from '@bagysh/shared';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { runesElement, useScript } from '../../../lib/script';
import { formatDate } from '../../../lib/dates';
import styles from './post-card.module.css';

// Only drafts and pending posts show their status, never the home page's published ones: the
// chip's code loads when one is shown (the first-paint budget).
const StatusChip = lazy(() =>
  import('./status-chip').then(({ StatusChip }) => ({ default: StatusChip })),
);

type Summary = ArticleSummary | NewsSummary;

/**
 * Whether an element has come into view. The rune font is downloaded by the first rune text
 * the page renders: a Cyrillic page's covers (below the home page's hero) write their titles
 * only once they are seen, so that the font comes only if the reader is shown runes.
 */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/**
 * A cover for a post without a picture: its title in runes on the hero's dark orange, over an
 * ornament strip, so that a list of posts does not look like empty image slots.
 */
function CoverFallback({ title, dense }: { title: string; dense: boolean }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  return (
    <div
      ref={ref}
      aria-hidden
      data-testid="cover-fallback"
      className={dense ? `${styles.fallback} ${styles.dense}` : styles.fallback}
    >
      <span className={styles.fallbackTitle}>{seen ? runesElement(title) : null}</span>
    </div>
  );
}

/** A post in a list: cover, title, lead, person, date (and its status when not published). */
export function PostCard({
  post,
  to,
  dense = false,
  action,
}: {
  post: Summary;
  to: string;
  dense?: boolean;
  /** A moderator's action under the card (publish). */
  action?: ReactNode;
}) {
  const script = useScript();
  const person = 'person' in post ? post.person : null;
  const date = formatDate(post.published_at ?? post.created_at);
  return (
    // MUI's outlined Card with a CardActionArea, drawn without MUI (post-card.module.css): the
    // home page's sections load none of it (the first-paint budget).
    <div className={styles.card} data-testid="post-card">
      <Link to={to} className={styles.area} {...script.label(post.title)}>
        {post.cover_url ? (
          <img src={post.cover_url} alt="" loading="lazy" className={styles.cover} />
        ) : (
          <CoverFallback title={post.title} dense={dense} />
        )}
        <div className={styles.content}>
          <div className={styles.meta}>
            {date && <span className={styles.caption}>{date}</span>}
            {post.category && (
              <span className={`${styles.caption} ${styles.category}`}>
                {script.text(post.category.name)}
              </span>
            )}
            {post.status !== 'published' && (
              <Suspense fallback={null}>
                <StatusChip status={post.status} />
              </Suspense>
            )}
          </div>
          <h3 className={styles.title}>{script.text(post.title)}</h3>
          {person && (
            <p className={`${styles.body2} ${styles.person}`}>{script.text(person.name)}</p>
          )}
          {post.lead && !dense && (
            <p className={`${styles.body2} ${styles.lead}`}>{script.text(post.lead)}</p>
          )}
        </div>
        <span className={styles.highlight} />
      </Link>
      {action && <div className={styles.actions}>{action}</div>}
    </div>
  );
}
