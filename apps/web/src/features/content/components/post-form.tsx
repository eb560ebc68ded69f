import {
  ArticleInput,
  contentLimits,
  NewsInput,
  type Article,
  type ContentStatus,
  type News,
} from '@bagysh/shared';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useCategories } from '../api/categories';
import type { PostKind } from '../api/post-lists';
import { useSavePost } from '../api/post-save';
import { useArticle, useNewsItem } from '../api/posts';
import { useHasRole, useViewer } from '../hooks/use-role';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/field-errors';
import { CoverUpload, type UploadedImage } from './cover-upload';
import { LazyRichEditor } from './lazy-editor';
import { PersonPicker, type PersonRef } from './person-picker';
import { LoadError, Loading } from './query-state';
import { StatusChip } from './status-chip';
import '../../../lib/i18n/areas/content';

interface Draft {
  title: string;
  lead: string;
  body: string;
  category: string;
  cover: UploadedImage | null;
  person: PersonRef | null;
  status: ContentStatus;
}

const EMPTY: Draft = {
  title: '',
  lead: '',
  body: '',
  category: '',
  cover: null,
  person: null,
  status: 'published',
};

function fromPost(post: Article | News): Draft {
  return {
    title: post.title,
    lead: post.lead,
    body: post.body,
    category: post.category_id ? String(post.category_id) : '',
    cover:
      post.cover_file_id && post.cover_url ? { id: post.cover_file_id, url: post.cover_url } : null,
    person: 'person' in post ? post.person : null,
    status: post.status,
  };
}

/** Add and edit of an article (or a news item): the same form (docs/product.md, Routes). */
export function PostForm({
  kind,
  id,
  onCancel,
}: {
  kind: PostKind;
  id: number | null;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('content');
  const script = useScript();
  const navigate = useNavigate();
  const viewer = useViewer();
  const moderator = useHasRole('moderator');
  const article = useArticle(id ?? 0, kind === 'article' && id !== null);
  const news = useNewsItem(id ?? 0, kind === 'news' && id !== null);
  const loaded = kind === 'article' ? article : news;
  const categories = useCategories(kind, { enabled: viewer.logged });
  const save = useSavePost(kind);

  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [ready, setReady] = useState(id === null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<Article | News | null>(null);

  // The loaded item fills the form once (state adjusted while rendering, not in an effect).
  if (id !== null && loaded.data && !ready) {
    setDraft(fromPost(loaded.data));
    setReady(true);
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({
      ...current,
      [key === 'person' ? 'person_id' : key === 'category' ? 'category_id' : key]: '',
    }));
  };

  const submit = async (status: ContentStatus) => {
    const input = {
      title: draft.title,
      lead: draft.lead,
      body: draft.body,
      category_id: draft.category ? Number(draft.category) : null,
      cover_file_id: draft.cover?.id ?? null,
      status,
      ...(kind === 'article' ? { person_id: draft.person?.id ?? null } : {}),
    };
    const parsed = (kind === 'article' ? ArticleInput : NewsInput).safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const post = await save.mutateAsync({ id, input: parsed.data });
      if (!moderator && post.status === 'pending') {
        setSent(post);
        window.scrollTo({ top: 0 });
        return;
      }
      void notify(t('common.saved'), { type: 'success' });
      void navigate(kind === 'article' ? paths.personArticle(post.id) : paths.newsItem(post.id));
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else
        void notify(error instanceof ApiError ? error.message : 'errors.generic', {
          type: 'error',
        });
    }
  };

  if (sent) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', mt: 2 }}
        role="status"
      >
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
          {script.text(t('post.sentTitle'))}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
          {script.text(t('post.sentText'))}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center' }}
        >
          <LinkButton to={paths.personArticle(sent.id)} {...script.label(t('post.toArticle'))}>
            {script.text(t('post.toArticle'))}
          </LinkButton>
          <LinkButton
            variant="outlined"
            to={`${paths.personArticles()}?view=mine`}
            {...script.label(t('post.mine'))}
          >
            {script.text(t('post.mine'))}
          </LinkButton>
        </Stack>
      </Paper>
    );
  }

  if (id !== null && !ready) {
    return loaded.isError ? (
      <LoadError error={loaded.error} onRetry={() => void loaded.refetch()} />
    ) : (
      <Loading />
    );
  }

  // The server refuses someone else's item on submit (403); say so before the form is filled.
  const own = viewer.id !== null && loaded.data?.author?.id === viewer.id;
  if (id !== null && !moderator && !(kind === 'article' && own)) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="no-edit-right">
        {script.text(t(kind === 'article' ? 'post.noEditRight' : 'post.noEditRightNews'))}
      </Alert>
    );
  }

  const busy = save.isPending;
  const formError = errors[''];

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(moderator ? draft.status : 'pending');
      }}
      sx={{ mt: 2 }}
    >
      <Stack spacing={2.5}>
        {id !== null && loaded.data && loaded.data.status !== 'published' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip status={loaded.data.status} />
          </Stack>
        )}
        {!moderator && kind === 'article' && (
          <Alert severity="info">{script.text(t('post.sentText'))}</Alert>
        )}
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextField
          label={script.field(t('post.title'))}
          value={draft.title}
          onChange={(event) => set('title', event.target.value)}
          required
          error={Boolean(errors.title)}
          helperText={errors.title ? script.text(errors.title) : undefined}
          slotProps={{ htmlInput: { maxLength: contentLimits.title } }}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {kind === 'article' && (
            <Box sx={{ flex: 1 }}>
              <PersonPicker
                label={t('post.person')}
                value={draft.person}
                onChange={(person) => set('person', person)}
                error={errors.person_id}
              />
            </Box>
          )}
          <TextField
            select
            label={script.field(t('post.category'))}
            value={
              categories.data?.results.some((c) => String(c.id) === draft.category)
                ? draft.category
                : ''
            }
            onChange={(event) => set('category', event.target.value)}
            error={Boolean(errors.category_id)}
            helperText={errors.category_id ? script.text(errors.category_id) : undefined}
            sx={{ flex: 1 }}
          >
            <MenuItem value="">{script.text(t('post.noCategory'))}</MenuItem>
            {categories.data?.results.map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {script.text(item.name)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <CoverUpload
          label={t('post.cover')}
          value={draft.cover}
          onChange={(cover) => set('cover', cover)}
        />
        {errors.cover_file_id && <Alert severity="error">{errors.cover_file_id}</Alert>}
        <TextField
          label={script.field(t('post.lead'))}
          value={draft.lead}
          onChange={(event) => set('lead', event.target.value)}
          multiline
          minRows={2}
          error={Boolean(errors.lead)}
          helperText={errors.lead ? script.text(errors.lead) : undefined}
          slotProps={{ htmlInput: { maxLength: contentLimits.lead } }}
        />
        <LazyRichEditor
          label={t('post.body')}
          value={draft.body}
          onChange={(body) => set('body', body)}
          error={errors.body}
          disabled={busy}
          minHeight={280}
        />
        {moderator && (
          <TextField
            select
            label={script.field(t('status.label'))}
            value={draft.status}
            onChange={(event) => set('status', event.target.value as ContentStatus)}
            sx={{ maxWidth: 320 }}
          >
            {(['draft', 'pending', 'published'] as const).map((status) => (
              <MenuItem key={status} value={status}>
                {script.text(t(`status.${status}`))}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button
            onClick={() => (onCancel ? onCancel() : void navigate(-1))}
            disabled={busy}
            {...script.label(t('common.cancel'))}
          >
            {script.text(t('common.cancel'))}
          </Button>
          {!moderator && (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void submit('draft')}
              {...script.label(t('post.saveDraft'))}
            >
              {script.text(t('post.saveDraft'))}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disableElevation
            loading={busy}
            {...script.label(moderator ? t('common.save') : t('post.submit'))}
          >
            {script.text(moderator ? t('common.save') : t('post.submit'))}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
