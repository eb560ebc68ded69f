import { contentLimits, FoundersPageInput, type Founder } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { usePage, useSavePage } from '../api/pages';
import { useHasRole } from '../hooks/use-role';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/field-errors';
import { moveItem } from '../lib/list';
import { CoverUpload } from './cover-upload';
import { LazyRichEditor } from './lazy-editor';
import { EditActions, PageShell } from './page-shell';
import { EmptyState } from './query-state';
import { RichHtml } from './rich-html';
import '../../../lib/i18n/areas/content';

interface FounderDraft {
  key: number;
  name: string;
  role: string;
  photo: { id: number; url: string } | null;
  text: string;
}

let nextKey = 1;
function toDraft(founder: Founder): FounderDraft {
  return {
    key: nextKey++,
    name: founder.name,
    role: founder.role,
    photo:
      founder.photo_file_id && founder.photo_url
        ? { id: founder.photo_file_id, url: founder.photo_url }
        : null,
    text: founder.text,
  };
}

function FounderCard({ founder }: { founder: Founder }) {
  const script = useScript();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        gap: { xs: 2, md: 3 },
        flexDirection: { xs: 'column', sm: 'row' },
      }}
      data-testid="founder"
    >
      <Avatar
        src={founder.photo_url ?? undefined}
        alt=""
        sx={{ width: 112, height: 112, bgcolor: 'primary.light', flexShrink: 0 }}
      >
        <PersonIcon sx={{ fontSize: 56 }} />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {script.text(founder.name)}
        </Typography>
        {founder.role && (
          <Typography sx={{ color: 'primary.dark', fontWeight: 600 }}>
            {script.text(founder.role)}
          </Typography>
        )}
        {founder.text && <RichHtml html={founder.text} />}
      </Box>
    </Paper>
  );
}

/** Негиздөөчүлөр: an ordered list of people; admins add, remove, reorder and edit them. */
export function FoundersPage({ fallbackTitle }: { fallbackTitle: string }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const page = usePage('founders');
  const admin = useHasRole('admin');
  const save = useSavePage('founders');
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [founders, setFounders] = useState<FounderDraft[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});

  const startEdit = () => {
    setTitle(page.data?.title || fallbackTitle);
    setBody(page.data?.body ?? '');
    setFounders((page.data?.founders ?? []).map(toDraft));
    setErrors({});
    setEditing(true);
  };

  const change = (key: number, patch: Partial<FounderDraft>) =>
    setFounders((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const submit = async () => {
    const input = {
      title,
      body,
      founders: founders.map((f) => ({
        name: f.name,
        role: f.role,
        photo_file_id: f.photo?.id ?? null,
        text: f.text,
      })),
    };
    const parsed = FoundersPageInput.safeParse(input);
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
              onChange={(e) => setTitle(e.target.value)}
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
              minHeight={140}
            />
            {founders.map((founder, index) => (
              <Paper
                key={founder.key}
                variant="outlined"
                sx={{ p: 2 }}
                role="group"
                data-testid="founder-editor"
                aria-label={`${t('pages.founder')} ${index + 1}`}
              >
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
                  <Typography sx={{ fontWeight: 700, flex: 1 }}>
                    {script.text(`${t('pages.founder')} ${index + 1}`)}
                  </Typography>
                  <IconButton
                    aria-label={t('common.moveUp')}
                    disabled={index === 0}
                    onClick={() => setFounders((l) => moveItem(l, index, index - 1))}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('common.moveDown')}
                    disabled={index === founders.length - 1}
                    onClick={() => setFounders((l) => moveItem(l, index, index + 1))}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('common.remove')}
                    color="error"
                    onClick={() => setFounders((l) => l.filter((f) => f.key !== founder.key))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
                <Stack spacing={2}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      fullWidth
                      label={script.field(t('pages.founderName'))}
                      value={founder.name}
                      required
                      onChange={(e) => change(founder.key, { name: e.target.value })}
                      error={Boolean(errors[`founders.${index}.name`])}
                      helperText={script.text(errors[`founders.${index}.name`])}
                      slotProps={{ htmlInput: { maxLength: contentLimits.founderName } }}
                    />
                    <TextField
                      fullWidth
                      label={script.field(t('pages.founderRole'))}
                      value={founder.role}
                      onChange={(e) => change(founder.key, { role: e.target.value })}
                      slotProps={{ htmlInput: { maxLength: contentLimits.founderRole } }}
                    />
                  </Stack>
                  <CoverUpload
                    label={t('pages.founderPhoto')}
                    value={founder.photo}
                    onChange={(photo) => change(founder.key, { photo })}
                    height={120}
                    testId={`founder-photo-${index}`}
                  />
                  <LazyRichEditor
                    label={t('pages.founderText')}
                    value={founder.text}
                    onChange={(text) => change(founder.key, { text })}
                    minHeight={100}
                  />
                </Stack>
              </Paper>
            ))}
            {founders.length < contentLimits.founders && (
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                sx={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  setFounders((l) => [
                    ...l,
                    { key: nextKey++, name: '', role: '', photo: null, text: '' },
                  ])
                }
                {...script.label(t('pages.addFounder'))}
              >
                {script.text(t('pages.addFounder'))}
              </Button>
            )}
          </Stack>
          <EditActions busy={save.isPending} onCancel={() => setEditing(false)} />
        </Box>
      ) : (
        <Stack spacing={2}>
          {page.data?.body ? <RichHtml html={page.data.body} /> : null}
          {page.data && page.data.founders.length === 0 ? (
            <EmptyState text={t('pages.noFounders')} />
          ) : (
            page.data?.founders.map((founder, index) => (
              <FounderCard key={index} founder={founder} />
            ))
          )}
        </Stack>
      )}
    </PageShell>
  );
}
