import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { usePostList, type PostKind } from '../api/post-lists';
import { PostCard } from './post-card';
import { PublishButton } from './publish-button';
import { LoadError } from './query-state';
import '../../../lib/i18n/areas/content';

const PAGE_SIZE = 12;

/**
 * The articles or news items waiting for a moderator, for the moderation page: each with its
 * "Жарыялоо" button; the rest (if more than a page wait) on the list's pending view.
 */
export function PendingPosts({ kind }: { kind: PostKind }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const list = usePostList(kind, { page: 1, page_size: PAGE_SIZE, status: 'pending' });
  const listPath = kind === 'article' ? paths.personArticles() : paths.news();

  if (list.isError) {
    return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (!list.data) {
    return <Skeleton variant="rounded" height={160} />;
  }
  if (list.data.results.length === 0) {
    // As the proposals' empty queue says it, on the same page.
    return (
      <Alert severity="success">
        {script.text(kind === 'article' ? t('post.emptyPending') : t('post.emptyPendingNews'))}
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5} data-testid={`pending-${kind}`}>
      <Grid container spacing={2}>
        {list.data.results.map((post) => (
          <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <PostCard
              dense
              post={post}
              to={kind === 'article' ? paths.personArticle(post.id) : paths.newsItem(post.id)}
              action={<PublishButton kind={kind} id={post.id} />}
            />
          </Grid>
        ))}
      </Grid>
      {list.data.count > list.data.results.length && (
        <Typography>
          <LinkButton
            variant="text"
            to={`${listPath}?view=pending`}
            {...script.label(t('post.allPending'))}
          >
            {script.text(t('post.allPending'))}
          </LinkButton>
        </Typography>
      )}
    </Stack>
  );
}
