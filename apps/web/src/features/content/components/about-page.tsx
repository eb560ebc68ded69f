import { AboutPageInput, contentLimits } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { usePage, useSavePage } from '../api/pages';
import { useHasRole } from '../hooks/use-role';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/field-errors';
import { LazyRichEditor } from './lazy-editor';
import { EditActions, PageShell } from './page-shell';
import { EmptyState } from './query-state';
import { RichHtml } from './rich-html';
import '../../../lib/i18n/areas/content';

/** Багыш уруусу: the page's text; admins edit it with the article editor. */
export function AboutPage({ fallbackTitle }: { fallbackTitle: string }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const page = usePage('about');
  const admin = useHasRole('admin');
  const save = useSavePage('about');
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const startEdit = () => {
    setTitle(page.data?.title || fallbackTitle);
    setBody(page.data?.body ?? '');
    setErrors({});
    setEditing(true);
  };

  const submit = async () => {
    const parsed = AboutPageInput.safeParse({ title, body });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync(parsed.data);
      setEditing(false);
      void notify(t('common.saved'), { type: 'success' });
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      else
        void notify(error instanceof ApiError ? error.message : 'errors.generic', {
          type: 'error',
        });
    }
  };

  return (
    <PageShell
      title={page.data?.title}
      fallbackTitle={fallbackTitle}
      canEdit={admin}
      editing={editing}
      onEdit={startEdit}
      loading={page.isPending}
      error={page.error}
      onRetry={() => void page.refetch()}
    >
      {editing ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack spacing={2.5}>
            <TextField
              label={script.field(t('pages.pageTitle'))}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              required
              error={Boolean(errors.title)}
              helperText={errors.title ? script.text(errors.title) : undefined}
              slotProps={{ htmlInput: { maxLength: contentLimits.title } }}
            />
            <LazyRichEditor
              label={t('post.body')}
              value={body}
              onChange={setBody}
              error={errors.body}
              minHeight={320}
            />
          </Stack>
          <EditActions busy={save.isPending} onCancel={() => setEditing(false)} />
        </Box>
      ) : page.data?.body ? (
        <RichHtml html={page.data.body} />
      ) : (
        <EmptyState text={t('pages.emptyBody')} />
      )}
    </PageShell>
  );
}
