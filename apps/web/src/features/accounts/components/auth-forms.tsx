import { LoginInput, RegisterInput, type User } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppStore } from '../../../lib/app-store';
import '../../../lib/i18n/areas/accounts';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { login, register } from '../api/session';
import { apiFormErrors, zodFieldErrors } from '../lib/form-errors';
import { PasswordField } from './password-field';
import { TwoFactorStep } from './two-factor-step';

type Mode = 'login' | 'register';
type Errors = Record<string, string>;

/** Where to go after signing in: a `next` path of this site, else home. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login')
    ? next
    : paths.home();
}

/**
 * Where a signed-in user goes: a moderator or admin who must first set up two-factor sign-in
 * to the profile, where it is set up; anyone else to `next` or home.
 */
function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (user: User) => {
    const target = user.two_factor_setup_required ? paths.profile() : safeNext(params.get('next'));
    void navigate(target, { replace: true });
  };
}

function useSubmit(mode: Mode) {
  const afterSignIn = useAfterSignIn();
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (values: Record<string, string>) => {
    const parsed =
      mode === 'login'
        ? LoginInput.safeParse({ username: values.username, password: values.password })
        : RegisterInput.safeParse({
            username: values.username,
            password: values.password,
            email: values.email ?? '',
            full_name: values.full_name ?? '',
          });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    useAppStore.getState().setLoading(true);
    try {
      if (mode === 'login') {
        const outcome = await login(parsed.data);
        if ('challenge' in outcome) setChallenge(outcome.challenge);
        else afterSignIn(outcome.user);
      } else {
        afterSignIn(await register(parsed.data));
      }
    } catch (error) {
      // A half-made session (user fetch failed) is not kept.
      useSessionStore.getState().clear();
      setErrors(
        apiFormErrors(error, ['username', 'password', 'email', 'full_name'], t('errors.generic')),
      );
    } finally {
      setBusy(false);
      useAppStore.getState().setLoading(false);
    }
  };
  return { errors, busy, submit, challenge, setChallenge, afterSignIn };
}

function readForm(event: FormEvent<HTMLFormElement>): Record<string, string> {
  event.preventDefault();
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(event.currentTarget)) {
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}

function AuthForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const { errors, busy, submit, challenge, setChallenge, afterSignIn } = useSubmit(mode);
  const isRegister = mode === 'register';
  const submitLabel = isRegister ? t('login.submitRegister') : t('login.submitLogin');
  const optional = (label: string) => `${label} (${t('login.optional')})`;

  if (challenge !== null) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={afterSignIn}
        onBack={() => setChallenge(null)}
      />
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={isRegister ? t('login.registerTitle') : t('login.tabLogin')}
      onSubmit={(event) => void submit(readForm(event))}
    >
      <Stack spacing={2}>
        {errors.form ? (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {script.text(errors.form)}
          </Alert>
        ) : null}
        <TextField
          name="username"
          label={script.field(t('login.username'))}
          autoComplete="username"
          required
          autoFocus
          error={Boolean(errors.username)}
          helperText={errors.username ? script.text(errors.username) : undefined}
          slotProps={{ htmlInput: { 'data-testid': `${mode}-username` } }}
        />
        <PasswordField
          name="password"
          label={script.field(t('login.password'))}
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          required
          error={Boolean(errors.password)}
          helperText={
            errors.password
              ? script.text(errors.password)
              : isRegister
                ? script.text(t('login.passwordHint'))
                : undefined
          }
        />
        {isRegister ? (
          <>
            <TextField
              name="full_name"
              label={script.field(optional(t('login.fullName')))}
              autoComplete="name"
              error={Boolean(errors.full_name)}
              helperText={errors.full_name ? script.text(errors.full_name) : undefined}
            />
            <TextField
              name="email"
              type="email"
              label={script.field(optional(t('login.email')))}
              autoComplete="email"
              error={Boolean(errors.email)}
              helperText={errors.email ? script.text(errors.email) : undefined}
            />
          </>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          {...script.label(submitLabel)}
        >
          {script.text(submitLabel)}
        </Button>
      </Stack>
    </Box>
  );
}

/** The login card: 'Кирүү' and 'Катталуу' tabs over their forms. */
export function AuthCard() {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const [mode, setMode] = useState<Mode>('login');

  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 2, sm: 3 } }}>
      <Tabs
        value={mode}
        onChange={(_event, value: Mode) => setMode(value)}
        variant="fullWidth"
        sx={{ mb: 3 }}
      >
        <Tab
          value="login"
          label={script.text(t('login.tabLogin'))}
          {...script.label(t('login.tabLogin'))}
        />
        <Tab
          value="register"
          label={script.text(t('login.tabRegister'))}
          {...script.label(t('login.tabRegister'))}
        />
      </Tabs>
      <AuthForm key={mode} mode={mode} />
    </Paper>
  );
}
