import {
  contentLimits,
  ContactsPageInput,
  type ContactsPage as ContactsData,
} from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EmailIcon from '@mui/icons-material/Email';
import LinkIcon from '@mui/icons-material/Link';
import MapIcon from '@mui/icons-material/Map';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { usePage, useSavePage } from '../api/pages';
import { useHasRole } from '../hooks/use-role';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/field-errors';
import { ContactForm } from './contact-form';
import { ContactInbox } from './contact-inbox';
import { LazyRichEditor } from './lazy-editor';
import { EditActions, PageShell } from './page-shell';
import { RichHtml } from './rich-html';
import '../../../lib/i18n/areas/content';

type Draft = Omit<ContactsData, 'key' | 'updated_at'>;

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', pt: 0.25 }}>{icon}</Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function ContactDetails({ page }: { page: ContactsData }) {
  const { t } = useTranslation('content');
  const script = useScript();
  return (
    <Stack spacing={1.5}>
      {page.body && <RichHtml html={page.body} />}
      {page.address && (
        <Row icon={<PlaceIcon />}>
          <Typography>{script.text(page.address)}</Typography>
        </Row>
      )}
      {page.phone && (
        <Row icon={<PhoneIcon />}>
          <Link href={`tel:${page.phone.replace(/[^+\d]/g, '')}`}>{page.phone}</Link>
        </Row>
      )}
      {page.email && (
        <Row icon={<EmailIcon />}>
          <Link href={`mailto:${page.email}`}>{page.email}</Link>
        </Row>
      )}
      {page.socials.map((social) => (
        <Row key={social.url} icon={<LinkIcon />}>
          <Link
            href={social.url}
            target="_blank"
            rel="noopener noreferrer"
            {...script.label(social.label)}
          >
            {script.text(social.label)}
          </Link>
        </Row>
      ))}
      {page.map_url && (
        <Row icon={<MapIcon />}>
          <Link
            href={page.map_url}
            target="_blank"
            rel="noopener noreferrer"
            {...script.label(t('pages.openMap'))}
          >
            {script.text(t('pages.openMap'))}
          </Link>
        </Row>
      )}
    </Stack>
  );
}

/** Байланыш: the contacts, the contact form, and for admins the edit form and the inbox. */
export function ContactsPage({ fallbackTitle }: { fallbackTitle: string }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const page = usePage('contacts');
  const admin = useHasRole('admin');
  const save = useSavePage('contacts');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const startEdit = () => {
    if (!page.data) return;
    const { key: _key, updated_at: _updated, ...rest } = page.data;
    setDraft({ ...rest, title: rest.title || fallbackTitle });
    setErrors({});
    setEditing(true);
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => (current ? { ...current, [key]: value } : current));

  const submit = async () => {
    const parsed = ContactsPageInput.safeParse(draft);
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

  const field = (key: 'address' | 'phone' | 'email' | 'map_url', label: string, max: number) => (
    <TextField
      fullWidth
      label={script.field(label)}
      value={draft?.[key] ?? ''}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] ? script.text(errors[key]) : undefined}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );

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
      {editing && draft ? (
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
              value={draft.title}
              required
              onChange={(e) => set('title', e.target.value)}
              error={Boolean(errors.title)}
              helperText={errors.title ? script.text(errors.title) : undefined}
              slotProps={{ htmlInput: { maxLength: contentLimits.title } }}
            />
            <LazyRichEditor
              label={t('post.body')}
              value={draft.body}
              onChange={(body) => set('body', body)}
              error={errors.body}
              minHeight={140}
            />
            {field('address', t('pages.address'), contentLimits.address)}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('phone', t('pages.phone'), contentLimits.phone)}
              {field('email', t('pages.email'), contentLimits.email)}
            </Stack>
            {field('map_url', t('pages.mapUrl'), contentLimits.url)}
            <Typography sx={{ fontWeight: 700 }}>{script.text(t('pages.socials'))}</Typography>
            {draft.socials.map((social, index) => (
              <Stack
                key={index}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  label={script.field(t('pages.socialLabel'))}
                  value={social.label}
                  onChange={(e) =>
                    set(
                      'socials',
                      draft.socials.map((s, i) =>
                        i === index ? { ...s, label: e.target.value } : s,
                      ),
                    )
                  }
                  error={Boolean(errors[`socials.${index}.label`])}
                  helperText={script.text(errors[`socials.${index}.label`])}
                  slotProps={{ htmlInput: { maxLength: contentLimits.socialLabel } }}
                />
                <TextField
                  fullWidth
                  label={script.field(t('pages.socialUrl'))}
                  value={social.url}
                  onChange={(e) =>
                    set(
                      'socials',
                      draft.socials.map((s, i) =>
                        i === index ? { ...s, url: e.target.value } : s,
                      ),
                    )
                  }
                  error={Boolean(errors[`socials.${index}.url`])}
                  helperText={script.text(errors[`socials.${index}.url`])}
                  slotProps={{ htmlInput: { maxLength: contentLimits.url } }}
                />
                <IconButton
                  aria-label={t('common.remove')}
                  color="error"
                  onClick={() =>
                    set(
                      'socials',
                      draft.socials.filter((_s, i) => i !== index),
                    )
                  }
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            {draft.socials.length < contentLimits.socials && (
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => set('socials', [...draft.socials, { label: '', url: '' }])}
                {...script.label(t('pages.addSocial'))}
              >
                {script.text(t('pages.addSocial'))}
              </Button>
            )}
          </Stack>
          <EditActions busy={save.isPending} onCancel={() => setEditing(false)} />
        </Box>
      ) : (
        page.data && (
          <Grid container spacing={{ xs: 3, md: 4 }}>
            <Grid size={{ xs: 12, md: 5 }}>
              <ContactDetails page={page.data} />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <ContactForm />
            </Grid>
          </Grid>
        )
      )}
      {admin && !editing && <ContactInbox />}
    </PageShell>
  );
}
