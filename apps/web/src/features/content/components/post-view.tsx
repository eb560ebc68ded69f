import type { Article, News } from '@bagysh/shared';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LinkButton } from '../../../components/link-button';
import { href, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { useScript } from '../../../lib/script';
import type { PostKind } from '../api/post-lists';
import { useArticle, useDeletePost, useNewsItem, useSetPostStatus } from '../api/posts';
import { useHasRole, useViewer } from '../hooks/use-role';
import { formatDate } from '../../../lib/dates';
import { isNotFound, LoadError } from './query-state';
import { RichHtml } from './rich-html';
import { StatusChip } from './status-chip';
import '../../../lib/i18n/areas/content';

/** One article or news item: the text, its person's link, and the author's/moderator's actions. */
export function PostView({ kind, id }: { kind: PostKind; id: number | null }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const article = useArticle(id ?? 0, kind === 'article' && id !== null);
  const news = useNewsItem(id ?? 0, kind === 'news' && id !== null);
  const query = kind === 'article' ? article : news;
  usePageTitle(query.data?.title);

  if (id === null || isNotFound(query.error)) {
    const title = kind === 'article' ? t('post.notFound') : t('post.newsNotFound');
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h4" component="h1">
          {script.text(title)}
        </Typography>
        <LinkButton
          variant="outlined"
          to={kind === 'article' ? paths.personArticles() : paths.news()}
          style={{ marginTop: 24 }}
          {...script.label(t('post.toList'))}
        >
          {script.text(t('post.toList'))}
        </LinkButton>
      </Container>
    );
  }

  if (!query.data) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        {query.isError ? (
          <>
            <Typography variant="h4" component="h1">
              {script.text(t(kind === 'article' ? 'post.notFound' : 'post.newsNotFound'))}
            </Typography>
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          </>
        ) : (
          <Box aria-busy>
            <Skeleton variant="text" component="h1" sx={{ fontSize: 40 }} />
            <Skeleton variant="rounded" height={320} sx={{ my: 2 }} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Box>
        )}
      </Container>
    );
  }

  return <PostBody kind={kind} post={query.data} />;
}

function PostBody({ kind, post }: { kind: PostKind; post: Article | News }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const navigate = useNavigate();
  const viewer = useViewer();
  const moderator = useHasRole('moderator');
  const publish = useSetPostStatus(kind);
  const remove = useDeletePost(kind);
  const [confirm, setConfirm] = useState(false);
  const own = viewer.id !== null && post.author?.id === viewer.id;
  const canEdit = moderator || (kind === 'article' && own);
  const canDelete = moderator || (kind === 'article' && own && post.status !== 'published');
  const person = 'person' in post ? post.person : null;
  const editTo =
    kind === 'article'
      ? paths.editPersonArticle(post.id)
      : `${paths.news()}?compose=1&edit=${post.id}`;

  const onPublish = async () => {
    try {
      await publish.mutateAsync({ id: post.id, status: 'published' });
      void notify(t('post.published'), { type: 'success' });
    } catch (error) {
      void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(post.id);
      setConfirm(false);
      void notify(t('common.deleted'), { type: 'success' });
      void navigate(kind === 'article' ? paths.personArticles() : paths.news());
    } catch (error) {
      void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
    }
  };

  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 3, md: 5 } }}>
      <Link
        component={RouterLink}
        to={kind === 'article' ? paths.personArticles() : paths.news()}
        underline="hover"
        variant="body2"
        {...script.label(
          t(kind === 'article' ? 'titles.personArticles' : 'titles.news', { ns: 'translation' }),
        )}
      >
        {script.text(
          t(kind === 'article' ? 'titles.personArticles' : 'titles.news', { ns: 'translation' }),
        )}
      </Link>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: 28, md: 40 }, fontWeight: 800, mt: 1, lineHeight: 1.2 }}
      >
        {script.text(post.title)}
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center', rowGap: 1, color: 'text.secondary' }}
      >
        {post.status !== 'published' && <StatusChip status={post.status} />}
        <Typography variant="body2">{formatDate(post.published_at ?? post.created_at)}</Typography>
        {post.author && (
          <Typography variant="body2">
            {script.text(t('post.author'))}:{' '}
            {script.text(post.author.full_name || post.author.username)}
          </Typography>
        )}
        {post.category && (
          <Typography variant="body2" sx={{ color: 'primary.dark', fontWeight: 600 }}>
            {script.text(post.category.name)}
          </Typography>
        )}
      </Stack>
      {person && (
        <Box
          sx={{
            mt: 2,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            flexWrap: 'wrap',
          }}
        >
          <AccountTreeIcon color="primary" />
          <Typography variant="body2" color="textSecondary">
            {script.text(t('post.aboutPerson'))}:
          </Typography>
          <Link
            component={RouterLink}
            to={href('person', { id: person.id })}
            // On a phone the name has a line of its own: most would wrap there anyway, and a
            // line that does not depend on the name's width is one the server's shell can hold.
            sx={{ fontWeight: 700, flexBasis: { xs: '100%', sm: 'auto' } }}
            data-testid="person-link"
            {...script.label(person.name)}
          >
            {script.text(person.name)}
          </Link>
        </Box>
      )}
      {(canEdit || canDelete || (moderator && post.status !== 'published')) && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {moderator && post.status !== 'published' && (
            <Button
              variant="contained"
              disableElevation
              color="success"
              startIcon={<PublishIcon />}
              loading={publish.isPending}
              onClick={() => void onPublish()}
              {...script.label(t('post.publish'))}
            >
              {script.text(t('post.publish'))}
            </Button>
          )}
          {canEdit && (
            <LinkButton variant="outlined" to={editTo} {...script.label(t('common.edit'))}>
              <EditIcon fontSize="small" />
              {script.text(t('common.edit'))}
            </LinkButton>
          )}
          {canDelete && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirm(true)}
              {...script.label(t('common.delete'))}
            >
              {script.text(t('common.delete'))}
            </Button>
          )}
        </Stack>
      )}
      {post.status === 'pending' && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {script.text(t('post.pendingNotice'))}
        </Alert>
      )}
      {post.status === 'draft' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {script.text(t('post.draftNotice'))}
        </Alert>
      )}
      {post.cover_url && (
        // Its size, when known, reserves the box before the image arrives (as the server's
        // shell does: api seo.shell.ts), so the text under it does not move.
        <Box
          component="img"
          src={post.cover_url}
          alt=""
          width={post.cover_width ?? undefined}
          height={post.cover_height ?? undefined}
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            maxHeight: 480,
            objectFit: 'cover',
            borderRadius: 2,
            mt: 3,
          }}
        />
      )}
      {post.lead && (
        <Typography sx={{ mt: 3, fontSize: { xs: 18, md: 20 }, lineHeight: 1.6, fontWeight: 500 }}>
          {script.text(post.lead)}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <RichHtml html={post.body} />
      </Box>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => void onDelete()}
        pending={remove.isPending}
        danger
        title={t('common.confirmDelete')}
        text={kind === 'article' ? t('post.deleteArticle') : t('post.deleteNews')}
        confirmLabel={t('common.delete')}
      />
    </Container>
  );
}
