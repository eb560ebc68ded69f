import { SecondFactorCodeSchema, TotpCodeSchema, type User } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/accounts';
import { useAppStore } from '../../../lib/app-store';
import { useScript } from '../../../lib/script';
import { loginWithCode } from '../api/session';
import { apiFormErrors } from '../lib/form-errors';

/**
 * The second step of a login with two-factor sign-in on: a code of the authenticator app, or
 * (through the link below it) one of the recovery codes.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (user: User) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const script = useScript();
  const hintId = useId();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (recovery ? SecondFactorCodeSchema : TotpCodeSchema).safeParse(code);
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message ?? tc('errors.generic') });
      return;
    }
    setErrors({});
    setBusy(true);
    useAppStore.getState().setLoading(true);
    try {
      onSignedIn(await loginWithCode({ challenge, code: parsed.data }));
    } catch (error) {
      setErrors(apiFormErrors(error, ['code'], tc('errors.generic')));
    } finally {
      setBusy(false);
      useAppStore.getState().setLoading(false);
    }
  };

  const label = recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code');
  const switchLabel = recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery');
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('twoFactor.stepTitle')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {script.text(t('twoFactor.stepTitle'))}
        </Typography>
        <Typography id={hintId} variant="body2" color="textSecondary">
          {script.text(recovery ? t('twoFactor.recoveryHint') : t('twoFactor.stepHint'))}
        </Typography>
        {errors.form ? (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {script.text(errors.form)}
          </Alert>
        ) : null}
        <TextField
          key={recovery ? 'recovery' : 'app'}
          name="code"
          label={script.field(label)}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          required
          autoFocus
          error={Boolean(errors.code)}
          helperText={errors.code ? script.text(errors.code) : undefined}
          slotProps={{
            htmlInput: {
              inputMode: recovery ? 'text' : 'numeric',
              spellCheck: false,
              autoCapitalize: 'off',
              'aria-describedby': hintId,
              'data-testid': 'two-factor-code',
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          {...script.label(t('twoFactor.confirm'))}
        >
          {script.text(t('twoFactor.confirm'))}
        </Button>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Button
            onClick={() => {
              setRecovery((value) => !value);
              setCode('');
              setErrors({});
            }}
            sx={{ color: 'primary.dark' }}
            {...script.label(switchLabel)}
          >
            {script.text(switchLabel)}
          </Button>
          <Button color="inherit" onClick={onBack} {...script.label(t('twoFactor.back'))}>
            {script.text(t('twoFactor.back'))}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
