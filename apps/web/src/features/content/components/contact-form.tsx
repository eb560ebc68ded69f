import { ContactMessageInput, contentLimits } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useScript } from '../../../lib/script';
import { useSendContactMessage } from '../api/contact-messages';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/field-errors';
import '../../../lib/i18n/areas/content';

const EMPTY = { name: '', email: '', phone: '', message: '' };

/** The contact form (anyone): name, an e-mail or a phone, a message. Rate-limited by the API. */
export function ContactForm() {
  const { t } = useTranslation('content');
  const script = useScript();
  const send = useSendContactMessage();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState('');

  const set = (key: keyof typeof EMPTY, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '', '': '' }));
  };

  const submit = async () => {
    setFailure('');
    const parsed = ContactMessageInput.safeParse(form);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await send.mutateAsync(parsed.data);
      setForm(EMPTY);
      setErrors({});
      setSent(true);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(error instanceof ApiError ? error.message : t('common.retry'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {script.text(t('contact.formTitle'))}
      </Typography>
      {sent ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success" role="status" sx={{ width: '100%' }}>
            {script.text(t('contact.sent'))}
          </Alert>
          <Button onClick={() => setSent(false)} {...script.label(t('contact.formTitle'))}>
            {script.text(t('contact.formTitle'))}
          </Button>
        </Stack>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack spacing={2}>
            {failure && <Alert severity="error">{script.text(failure)}</Alert>}
            <TextField
              label={script.field(t('contact.name'))}
              value={form.name}
              required
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ? script.text(errors.name) : undefined}
              slotProps={{ htmlInput: { maxLength: contentLimits.contactName } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                fullWidth
                type="email"
                label={script.field(t('contact.email'))}
                value={form.email}
                onChange={(e) => set('email', e.target.value)}
                error={Boolean(errors.email || errors[''])}
                helperText={script.text(errors.email || errors[''] || t('contact.contactHint'))}
                slotProps={{ htmlInput: { maxLength: contentLimits.email } }}
              />
              <TextField
                fullWidth
                type="tel"
                label={script.field(t('contact.phone'))}
                value={form.phone}
                onChange={(e) => set('phone', e.target.value)}
                error={Boolean(errors.phone)}
                helperText={errors.phone ? script.text(errors.phone) : undefined}
                slotProps={{ htmlInput: { maxLength: contentLimits.phone } }}
              />
            </Stack>
            <TextField
              label={script.field(t('contact.message'))}
              value={form.message}
              required
              multiline
              minRows={4}
              onChange={(e) => set('message', e.target.value)}
              error={Boolean(errors.message)}
              helperText={errors.message ? script.text(errors.message) : undefined}
              slotProps={{ htmlInput: { maxLength: contentLimits.contactMessageMax } }}
            />
            <Button
              type="submit"
              variant="contained"
              disableElevation
              loading={send.isPending}
              sx={{ alignSelf: 'flex-start' }}
              {...script.label(t('contact.send'))}
            >
              {script.text(t('contact.send'))}
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
