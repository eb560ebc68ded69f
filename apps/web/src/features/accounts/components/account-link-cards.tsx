import { PasswordResetConfirmInput, PasswordResetInput } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/accounts';
import { useScript } from '../../../lib/script';
import {
  confirmEmail,
  confirmPasswordReset,
  requestPasswordReset,
  tokenFromHash,
} from '../api/account-links';
import { apiFormErrors, zodFieldErrors } from '../lib/form-errors';
import { PasswordField } from './password-field';

type Errors = Record<string, string>;

function Card({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

function FormAlert({ text, severity }: { text: string; severity: 'error' | 'success' | 'info' }) {
  const script = useScript();
  return (
    <Alert
      severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{ whiteSpace: 'pre-line' }}
    >
      {script.text(text)}
    </Alert>
  );
}

function PageLink({ to, label }: { to: string; label: string }) {
  const script = useScript();
  return (
    <Link component={RouterLink} to={to} underline="hover" {...script.label(label)}>
      {script.text(label)}
    </Link>
  );
}

/** "Сырсөздү унуттуңузбу?": the address to send a reset link to; the same answer for any. */
export function PasswordResetRequestCard() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    const parsed = PasswordResetInput.safeParse({ email: typeof email === 'string' ? email : '' });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setDone((await requestPasswordReset(parsed.data)).detail);
    } catch (error) {
      setErrors(apiFormErrors(error, ['email'], tc('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      {done ? (
        <FormAlert severity="success" text={done} />
      ) : (
        <Box
          component="form"
          noValidate
          aria-label={t('login.forgot')}
          onSubmit={(event) => void handleSubmit(event)}
        >
          <Stack spacing={2}>
            <Typography variant="body2">{script.text(t('reset.intro'))}</Typography>
            {errors.form ? <FormAlert severity="error" text={errors.form} /> : null}
            <TextField
              name="email"
              type="email"
              label={script.field(t('reset.email'))}
              autoComplete="email"
              required
              autoFocus
              error={Boolean(errors.email)}
              helperText={errors.email ? script.text(errors.email) : undefined}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              {...script.label(t('reset.send'))}
            >
              {script.text(t('reset.send'))}
            </Button>
          </Stack>
        </Box>
      )}
      <Typography variant="body2" color="textSecondary">
        {script.text(t('reset.noEmail'))}
      </Typography>
      <PageLink to={paths.login()} label={t('reset.toLogin')} />
    </Card>
  );
}

/** The page a reset link opens: a new password, twice. */
export function PasswordResetConfirmCard() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const token = tokenFromHash(useLocation().hash);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const password = field('password');
    if (password !== field('repeat')) {
      setErrors({ repeat: t('reset.passwordMismatch') });
      return;
    }
    const parsed = PasswordResetConfirmInput.safeParse({ token, password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setDone((await confirmPasswordReset(parsed.data)).detail);
    } catch (error) {
      setErrors(apiFormErrors(error, ['password'], tc('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <Card>
        <FormAlert severity="error" text={t('reset.noToken')} />
        <PageLink to={paths.passwordReset()} label={t('reset.askAgain')} />
      </Card>
    );
  }
  if (done) {
    return (
      <Card>
        <FormAlert severity="success" text={done} />
        <PageLink to={paths.login()} label={t('reset.toLogin')} />
      </Card>
    );
  }
  return (
    <Card>
      <Box
        component="form"
        noValidate
        aria-label={t('reset.newPassword')}
        onSubmit={(event) => void handleSubmit(event)}
      >
        <Stack spacing={2}>
          <Typography variant="body2">{script.text(t('reset.newPasswordIntro'))}</Typography>
          {errors.form ? <FormAlert severity="error" text={errors.form} /> : null}
          <PasswordField
            name="password"
            label={script.field(t('reset.newPassword'))}
            autoComplete="new-password"
            required
            autoFocus
            error={Boolean(errors.password)}
            helperText={script.text(errors.password ?? t('login.passwordHint'))}
          />
          <PasswordField
            name="repeat"
            label={script.field(t('reset.repeatPassword'))}
            autoComplete="new-password"
            required
            error={Boolean(errors.repeat)}
            helperText={errors.repeat ? script.text(errors.repeat) : undefined}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            {...script.label(t('reset.save'))}
          >
            {script.text(t('reset.save'))}
          </Button>
        </Stack>
      </Box>
      {errors.form ? <PageLink to={paths.passwordReset()} label={t('reset.askAgain')} /> : null}
    </Card>
  );
}

/** The page a confirmation link opens: confirms at once and says how it went. */
export function EmailConfirmCard() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const token = tokenFromHash(useLocation().hash);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once, even under StrictMode's double effect: the link works only once.
    if (!token || sent.current) return;
    sent.current = true;
    confirmEmail({ token }).then(
      (answer) => setState({ ok: true, text: answer.detail }),
      (error: unknown) =>
        setState({ ok: false, text: apiFormErrors(error, [], tc('errors.generic')).form ?? '' }),
    );
  }, [token, tc]);

  if (!token) {
    return (
      <Card>
        <FormAlert severity="error" text={t('reset.noToken')} />
      </Card>
    );
  }
  return (
    <Card>
      {state === null ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{script.text(t('reset.confirming'))}</Typography>
        </Stack>
      ) : (
        <FormAlert severity={state.ok ? 'success' : 'error'} text={state.text} />
      )}
      <PageLink to={paths.profile()} label={t('reset.confirmedGo')} />
    </Card>
  );
}
