import type { ArticleSummary, NewsSummary } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { runesElement, useScript } from '../../../lib/script';
import { formatDate } from '../../../lib/dates';

// Only drafts and pending posts show their status, never the home page's published ones: the
// chip's code loads when one is shown (issue 14's page budget).
const StatusChip = lazy(() =>
  import('./status-chip').then(({ StatusChip }) => ({ default: StatusChip })),
);

type Summary = ArticleSummary | NewsSummary;

/** The teeth of a felt carpet's border (шырдак), as a strip along the bottom of the cover. */
const ORNAMENT =
  'linear-gradient(135deg, transparent 75%, #FFB74D 75%) 0 0 / 16px 16px repeat-x, ' +
  'linear-gradient(225deg, transparent 75%, #FFB74D 75%) 0 0 / 16px 16px repeat-x';

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
    <Box
      ref={ref}
      aria-hidden
      data-testid="cover-fallback"
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: dense ? '16 / 5' : '16 / 7',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 3,
        pb: 2,
        color: '#FFE0B2',
        background:
          'radial-gradient(circle at 85% 15%, rgba(255,183,77,0.3), transparent 50%), linear-gradient(155deg, #3E2723 0%, #8D2A0B 60%, #BF360C 100%)',
        '&::after': {
          content: '""',
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          height: 16,
          background: ORNAMENT,
          opacity: 0.7,
        },
      }}
    >
      <Box
        component="span"
        sx={{
          fontSize: dense ? 20 : 28,
          lineHeight: 1.4,
          textAlign: 'center',
          display: '-webkit-box',
          WebkitLineClamp: dense ? 1 : 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {seen ? runesElement(title) : null}
      </Box>
    </Box>
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
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="post-card"
    >
      <CardActionArea
        component={Link}
        to={to}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%' }}
        {...script.label(post.title)}
      >
        {post.cover_url ? (
          <Box
            component="img"
            src={post.cover_url}
            alt=""
            loading="lazy"
            sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <CoverFallback title={post.title} dense={dense} />
        )}
        <CardContent sx={{ flexGrow: 1, width: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {date && (
              <Typography variant="caption" color="text.secondary">
                {date}
              </Typography>
            )}
            {post.category && (
              <Typography variant="caption" color="primary.dark" sx={{ fontWeight: 600 }}>
                {script.text(post.category.name)}
              </Typography>
            )}
            {post.status !== 'published' && (
              <Suspense fallback={null}>
                <StatusChip status={post.status} />
              </Suspense>
            )}
          </Stack>
          <Typography variant="h6" component="h3" sx={{ fontSize: 18, lineHeight: 1.35 }}>
            {script.text(post.title)}
          </Typography>
          {person && (
            <Typography variant="body2" color="primary.dark" sx={{ mt: 0.5, fontWeight: 600 }}>
              {script.text(person.name)}
            </Typography>
          )}
          {post.lead && !dense && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                mt: 1,
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {script.text(post.lead)}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {action && <CardActions sx={{ pt: 0 }}>{action}</CardActions>}
    </Card>
  );
}
