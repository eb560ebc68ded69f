import {
  TotpCodeSchema,
  TwoFactorDisableInput,
  type TwoFactorSetup,
  type User,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/accounts';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { saveBlob } from '../../../lib/upload';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import { apiFormErrors, zodFieldErrors } from '../lib/form-errors';
import { PasswordField } from './password-field';

type Errors = Record<string, string>;

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

function ErrorAlert({ message }: { message?: string }) {
  const script = useScript();
  return message ? (
    <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
      {script.text(message)}
    </Alert>
  ) : null;
}

/** A form of one code field (and what `children` adds above it) with its submit button. */
function CodeForm({
  label,
  submit,
  busy,
  errors,
  onSubmit,
  onCancel,
  children,
  testId,
}: {
  label: string;
  submit: string;
  busy: boolean;
  errors: Errors;
  onSubmit: (form: FormData) => void;
  onCancel?: () => void;
  children?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  return (
    <Box
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit(new FormData(event.currentTarget));
      }}
    >
      <Stack spacing={2}>
        <ErrorAlert message={errors.form} />
        {children}
        <TextField
          name="code"
          label={script.field(label)}
          autoComplete="one-time-code"
          required
          error={Boolean(errors.code)}
          helperText={errors.code ? script.text(errors.code) : undefined}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          sx={{ maxWidth: 360 }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy} {...script.label(submit)}>
            {script.text(submit)}
          </Button>
          {onCancel ? (
            <Button color="inherit" onClick={onCancel} {...script.label(t('twoFactor.cancel'))}>
              {script.text(t('twoFactor.cancel'))}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The recovery codes, shown this once: copy, download as text, and done. */
function RecoveryCodesPanel({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const text = codes.join('\n');
  const fileText = `${t('twoFactor.fileHeading', { username })}\n${t('twoFactor.fileNote')}\n\n${text}\n`;
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {script.text(t('twoFactor.codesTitle'))}
      </Typography>
      <Alert severity="warning">{script.text(t('twoFactor.codesOnce'))}</Alert>
      <Box
        component="ul"
        aria-label={t('twoFactor.codesTitle')}
        sx={{
          ...mono,
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 16,
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard
              .writeText(text)
              .then(() => notify(t('twoFactor.copied'), { type: 'success' }))
          }
          {...script.label(t('twoFactor.copy'))}
        >
          {script.text(t('twoFactor.copy'))}
        </Button>
        <Button
          variant="outlined"
          onClick={() =>
            saveBlob(
              new Blob([fileText], { type: 'text/plain;charset=utf-8' }),
              'bagysh-recovery-codes.txt',
            )
          }
          {...script.label(t('twoFactor.download'))}
        >
          {script.text(t('twoFactor.download'))}
        </Button>
        <Button variant="contained" onClick={onDone} {...script.label(t('twoFactor.saved'))}>
          {script.text(t('twoFactor.saved'))}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The set-up: the QR code, the secret and URI as text, and the confirming code. */
function SetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const enable = useEnableTwoFactor();
  const [errors, setErrors] = useState<Errors>({});
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;

  const onSubmit = (form: FormData) => {
    const parsed = TotpCodeSchema.safeParse(field(form, 'code'));
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message ?? tc('errors.generic') });
      return;
    }
    setErrors({});
    enable.mutate(
      { code: parsed.data },
      {
        onSuccess: (answer) => {
          void notify(t('twoFactor.enabled'), { type: 'success' });
          onEnabled(answer.recovery_codes);
        },
        onError: (failure) => setErrors(apiFormErrors(failure, ['code'], tc('errors.generic'))),
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="two-factor-setup">
      <Typography>{script.text(t('twoFactor.scan'))}</Typography>
      <Box
        component="img"
        src={qr}
        alt={t('twoFactor.qrAlt')}
        width={200}
        height={200}
        sx={{ alignSelf: { xs: 'center', sm: 'flex-start' }, bgcolor: '#fff', borderRadius: 1 }}
      />
      <Typography variant="body2">{script.text(t('twoFactor.manual'))}</Typography>
      <Box>
        <Typography variant="caption" color="textSecondary" component="p">
          {script.text(t('twoFactor.secret'))}
        </Typography>
        <Typography
          data-testid="two-factor-secret"
          sx={{ ...mono, fontSize: 17, wordBreak: 'break-all', letterSpacing: 1 }}
        >
          {setup.secret}
        </Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="textSecondary" component="p">
          {script.text(t('twoFactor.uri'))}
        </Typography>
        <Typography variant="body2" sx={{ ...mono, wordBreak: 'break-all' }}>
          {setup.otpauth_uri}
        </Typography>
      </Box>
      <Typography>{script.text(t('twoFactor.enterCode'))}</Typography>
      <CodeForm
        label={t('twoFactor.code')}
        submit={t('twoFactor.confirm')}
        busy={enable.isPending}
        errors={errors}
        onSubmit={onSubmit}
        onCancel={onCancel}
        testId="two-factor-enable"
      />
    </Stack>
  );
}

/** New recovery codes for a current code of the app. */
function RegenerateForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const regenerate = useRegenerateRecoveryCodes();
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = (form: FormData) => {
    const parsed = TotpCodeSchema.safeParse(field(form, 'code'));
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message ?? tc('errors.generic') });
      return;
    }
    setErrors({});
    regenerate.mutate(
      { code: parsed.data },
      {
        onSuccess: (answer) => onCodes(answer.recovery_codes),
        onError: (failure) => setErrors(apiFormErrors(failure, ['code'], tc('errors.generic'))),
      },
    );
  };
  return (
    <CodeForm
      label={t('twoFactor.code')}
      submit={t('twoFactor.regenerateSubmit')}
      busy={regenerate.isPending}
      errors={errors}
      onSubmit={onSubmit}
      onCancel={onCancel}
      testId="two-factor-regenerate"
    >
      <Typography variant="body2">{script.text(t('twoFactor.regenerateHint'))}</Typography>
    </CodeForm>
  );
}

/** Turning it off: the password and a code of the app or a recovery code. */
function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const disable = useDisableTwoFactor();
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = (form: FormData) => {
    const parsed = TwoFactorDisableInput.safeParse({
      password: field(form, 'password'),
      code: field(form, 'code'),
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    disable.mutate(parsed.data, {
      onSuccess: () => {
        onDone();
        void notify(t('twoFactor.turnedOff'), { type: 'success' });
      },
      onError: (failure) =>
        setErrors(apiFormErrors(failure, ['password', 'code'], tc('errors.generic'))),
    });
  };
  return (
    <CodeForm
      label={t('twoFactor.codeOrRecovery')}
      submit={t('twoFactor.turnOff')}
      busy={disable.isPending}
      errors={errors}
      onSubmit={onSubmit}
      onCancel={onDone}
      testId="two-factor-disable"
    >
      <Typography variant="body2">{script.text(t('twoFactor.turnOffHint'))}</Typography>
      <PasswordField
        name="password"
        label={script.field(t('twoFactor.password'))}
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password ? script.text(errors.password) : undefined}
        sx={{ maxWidth: 360 }}
      />
    </CodeForm>
  );
}

/**
 * The profile's two-factor sign-in (docs/security.md, Two-factor sign-in): turn it on with a QR
 * code and a confirming code, see the recovery codes once, make new ones, turn it off.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  // Kept here, not in the forms: the status flips to "on" while the codes are still shown.
  const [codes, setCodes] = useState<string[] | null>(null);
  const [open, setOpen] = useState<'regenerate' | 'disable' | null>(null);
  const [error, setError] = useState<string>();

  if (status.isPending) return <Skeleton variant="rounded" height={120} />;
  if (status.isError) return <ErrorAlert message={status.error.message} />;
  const { enabled, required, recovery_codes_left: left } = status.data;

  const onStart = () => {
    setError(undefined);
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (failure) => setError(apiFormErrors(failure, [], tc('errors.generic')).form),
    });
  };

  return (
    <Stack spacing={2}>
      {required && !enabled ? (
        <Alert severity="warning" data-testid="two-factor-required">
          {script.text(t('twoFactor.required'))}
        </Alert>
      ) : null}
      <Typography variant="body2">{script.text(t('twoFactor.intro'))}</Typography>
      <Typography
        data-testid="two-factor-state"
        sx={{ fontWeight: 700, color: enabled ? 'success.dark' : 'text.secondary' }}
      >
        {enabled ? '✓ ' : ''}
        {script.text(enabled ? t('twoFactor.on') : t('twoFactor.off'))}
      </Typography>
      <ErrorAlert message={error} />
      {codes ? (
        <RecoveryCodesPanel codes={codes} username={user.username} onDone={() => setCodes(null)} />
      ) : setup ? (
        <SetupForm
          setup={setup}
          onEnabled={(fresh) => {
            setSetup(null);
            setCodes(fresh);
          }}
          onCancel={() => setSetup(null)}
        />
      ) : enabled ? (
        <>
          <Typography variant="body2">
            {script.text(t('twoFactor.codesLeft', { count: left }))}
          </Typography>
          {open === 'regenerate' ? (
            <RegenerateForm
              onCodes={(fresh) => {
                setOpen(null);
                setCodes(fresh);
              }}
              onCancel={() => setOpen(null)}
            />
          ) : open === 'disable' ? (
            <DisableForm onDone={() => setOpen(null)} />
          ) : (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                onClick={() => setOpen('regenerate')}
                {...script.label(t('twoFactor.regenerate'))}
              >
                {script.text(t('twoFactor.regenerate'))}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setOpen('disable')}
                {...script.label(t('twoFactor.turnOff'))}
              >
                {script.text(t('twoFactor.turnOff'))}
              </Button>
            </Stack>
          )}
        </>
      ) : (
        <Box>
          <Button
            variant="contained"
            disabled={start.isPending}
            onClick={onStart}
            {...script.label(t('twoFactor.turnOn'))}
          >
            {script.text(t('twoFactor.turnOn'))}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
