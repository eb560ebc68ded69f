import {
  EmailInputSchema,
  FullNameSchema,
  NewUsernameSchema,
  PasswordChangeInput,
  type User,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import '../../../lib/i18n/areas/accounts';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import {
  useChangePassword,
  useMe,
  useRemoveAvatar,
  useUpdateProfile,
  useUploadAvatar,
} from '../api/session';
import { formatDate } from '../../../lib/dates';
import { useResendConfirmation } from '../api/account-links';
import { apiFormErrors, zodFieldErrors } from '../lib/form-errors';
import { PasswordField } from './password-field';
import { RoleChip } from './role-chip';
import { TwoFactorSection } from './two-factor-section';
import { UserAvatar } from './user-avatar';

type Errors = Record<string, string>;

// The username is checked only when changed: an account may keep a name today's rules refuse.
const DetailsInput = z.object({
  username: NewUsernameSchema.optional(),
  full_name: FullNameSchema,
  email: EmailInputSchema,
});

function Section({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: React.ReactNode;
}) {
  const script = useScript();
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <Paper
      variant="outlined"
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {script.text(title)}
      </Typography>
      {children}
    </Paper>
  );
}

function FormAlert({ message }: { message?: string }) {
  const script = useScript();
  return message ? (
    <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
      {script.text(message)}
    </Alert>
  ) : null;
}

function AvatarSection({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string>();
  const name = user.full_name || user.username;
  const busy = upload.isPending || remove.isPending;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(t('profile.avatarNotImage'));
      return;
    }
    setError(undefined);
    upload.mutate(file, {
      onSuccess: () => void notify(t('profile.avatarSaved'), { type: 'success' }),
      onError: (failure) => setError(apiFormErrors(failure, [], tc('errors.generic')).form),
    });
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
      <Box sx={{ position: 'relative' }}>
        <UserAvatar name={name} src={user.avatar} size={96} />
        {busy ? (
          <CircularProgress
            size={104}
            sx={{ position: 'absolute', top: -4, left: -4 }}
            aria-label={t('profile.uploading')}
          />
        ) : null}
      </Box>
      <Stack spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' }, minWidth: 0 }}>
        <Typography variant="h5" component="p" sx={{ wordBreak: 'break-word' }}>
          {script.text(name)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="textSecondary">@{script.text(user.username)}</Typography>
          <RoleChip role={user.role} always />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {script.text(t('profile.joined', { date: formatDate(user.date_joined) }))}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            hidden
            data-testid="avatar-input"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => input.current?.click()}
            {...script.label(t('profile.uploadAvatar'))}
          >
            {script.text(busy ? t('profile.uploading') : t('profile.uploadAvatar'))}
          </Button>
          {user.avatar ? (
            <Button
              color="inherit"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onError: (failure) =>
                    setError(apiFormErrors(failure, [], tc('errors.generic')).form),
                })
              }
              {...script.label(t('profile.removeAvatar'))}
            >
              {script.text(t('profile.removeAvatar'))}
            </Button>
          ) : null}
        </Stack>
        <FormAlert message={error} />
      </Stack>
    </Stack>
  );
}

/** Whether the saved address is confirmed; if not, why it matters and the link again. */
function EmailStatus({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const resend = useResendConfirmation();
  if (!user.email) return null;
  if (user.email_verified) {
    return (
      <Typography variant="body2" sx={{ color: 'success.dark' }} data-testid="email-confirmed">
        ✓ {script.text(t('verify.confirmed'))}
      </Typography>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="email-unconfirmed"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (answer) => void notify(answer.detail, { type: 'success' }),
              onError: (failure) =>
                void notify(
                  failure instanceof ApiError ? failure.message : t('profile.loadError'),
                  {
                    type: 'error',
                  },
                ),
            })
          }
          {...script.label(t('verify.resend'))}
        >
          {script.text(t('verify.resend'))}
        </Button>
      }
    >
      {script.text(t('verify.unconfirmed'))}
    </Alert>
  );
}

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const update = useUpdateProfile();
  const [errors, setErrors] = useState<Errors>({});
  const [username, setUsername] = useState(user.username);
  const [fullName, setFullName] = useState(user.full_name);
  const [email, setEmail] = useState(user.email ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const renamed = username.trim() !== user.username;
    const parsed = DetailsInput.safeParse({
      ...(renamed && { username }),
      full_name: fullName,
      email,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(
      {
        ...(parsed.data.username !== undefined && { username: parsed.data.username }),
        full_name: parsed.data.full_name,
        email: parsed.data.email || null,
      },
      {
        onSuccess: () => void notify(t('profile.saved'), { type: 'success' }),
        onError: (failure) =>
          setErrors(
            apiFormErrors(failure, ['username', 'full_name', 'email'], tc('errors.generic')),
          ),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <FormAlert message={errors.form} />
        <TextField
          name="username"
          label={script.field(t('profile.username'))}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="username"
          error={Boolean(errors.username)}
          helperText={errors.username ? script.text(errors.username) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'profile-username' } }}
        />
        <TextField
          name="full_name"
          label={script.field(t('profile.fullName'))}
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          autoComplete="name"
          error={Boolean(errors.full_name)}
          helperText={errors.full_name ? script.text(errors.full_name) : undefined}
        />
        <TextField
          name="email"
          type="email"
          label={script.field(t('profile.email'))}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          error={Boolean(errors.email)}
          helperText={errors.email ? script.text(errors.email) : undefined}
        />
        <EmailStatus user={user} />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            {...script.label(t('profile.save'))}
          >
            {script.text(t('profile.save'))}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function PasswordForm() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const change = useChangePassword();
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const values = { old_password: field('old_password'), new_password: field('new_password') };
    const parsed = PasswordChangeInput.safeParse(values);
    const found: Errors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!found.new_password && values.new_password !== field('repeat'))
      found.repeat = t('profile.passwordMismatch');
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        form.current?.reset();
        void notify(t('profile.passwordChanged'), { type: 'success' });
      },
      onError: (failure) =>
        setErrors(apiFormErrors(failure, ['old_password', 'new_password'], tc('errors.generic'))),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} ref={form}>
      <Stack spacing={2}>
        <FormAlert message={errors.form} />
        <PasswordField
          name="old_password"
          label={script.field(t('profile.oldPassword'))}
          autoComplete="current-password"
          required
          error={Boolean(errors.old_password)}
          helperText={errors.old_password ? script.text(errors.old_password) : undefined}
        />
        <PasswordField
          name="new_password"
          label={script.field(t('profile.newPassword'))}
          autoComplete="new-password"
          required
          error={Boolean(errors.new_password)}
          helperText={errors.new_password ? script.text(errors.new_password) : undefined}
        />
        <PasswordField
          name="repeat"
          label={script.field(t('profile.repeatPassword'))}
          autoComplete="new-password"
          required
          error={Boolean(errors.repeat)}
          helperText={errors.repeat ? script.text(errors.repeat) : undefined}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending}
            {...script.label(t('profile.changePassword'))}
          >
            {script.text(t('profile.changePassword'))}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The signed-in user's profile: avatar, details, password and two-factor sign-in. */
export function ProfileView() {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const me = useMe();

  if (me.isPending) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="rounded" height={140} />
        <Skeleton variant="rounded" height={260} />
      </Stack>
    );
  }
  if (me.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void me.refetch()}>
            {script.text(t('profile.retry'))}
          </Button>
        }
      >
        {script.text(me.error.message || t('profile.loadError'))}
      </Alert>
    );
  }
  const user = me.data;
  const twoFactor = (
    <Section title={t('twoFactor.title')} id="two-factor">
      <TwoFactorSection user={user} />
    </Section>
  );
  // A moderator or admin who must set it up first finds it at the top.
  const setupFirst = user.two_factor_setup_required;
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      {setupFirst ? twoFactor : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <AvatarSection user={user} />
      </Paper>
      <Section title={t('profile.details')}>
        <DetailsForm key={user.id} user={user} />
      </Section>
      <Section title={t('profile.password')}>
        <PasswordForm />
      </Section>
      {setupFirst ? null : twoFactor}
    </Stack>
  );
}
