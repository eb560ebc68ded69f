import type { UnsubscribeInfo } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/notices';
import { useScript } from '../../../lib/script';
import { fetchUnsubscribeInfo, unsubscribeByToken, unsubscribeTokenFromHash } from '../api/notices';

type State =
  | { step: 'loading' }
  | { step: 'ask'; info: UnsubscribeInfo }
  | { step: 'done' }
  | { step: 'error'; text: string };

/**
 * The page a mail's unsubscribe link opens, without signing in: it says which mails the link
 * stops, and stops them when the reader confirms (a link opened by a mail scanner changes
 * nothing).
 */
export function UnsubscribeCard() {
  const { t } = useTranslation('notices');
  const script = useScript();
  const token = unsubscribeTokenFromHash(useLocation().hash);
  const [state, setState] = useState<State>({ step: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    fetchUnsubscribeInfo(token).then(
      (info) => setState({ step: 'ask', info }),
      (error: unknown) =>
        setState({ step: 'error', text: error instanceof Error ? error.message : '' }),
    );
  }, [token]);

  const confirm = () => {
    if (!token) return;
    setBusy(true);
    unsubscribeByToken(token).then(
      () => setState({ step: 'done' }),
      (error: unknown) =>
        setState({ step: 'error', text: error instanceof Error ? error.message : '' }),
    );
  };

  let body;
  if (!token) {
    body = <Alert severity="error">{script.text(t('unsubscribe.noToken'))}</Alert>;
  } else if (state.step === 'loading') {
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{script.text(t('unsubscribe.checking'))}</Typography>
      </Stack>
    );
  } else if (state.step === 'error') {
    body = (
      <Alert severity="error" role="alert">
        {script.text(state.text)}
      </Alert>
    );
  } else if (state.step === 'done') {
    body = (
      <Alert severity="success" role="status" data-testid="unsubscribe-done">
        {script.text(t('unsubscribe.done'))}
      </Alert>
    );
  } else if (!state.info.subscribed) {
    body = (
      <Alert severity="info">
        {script.text(t('unsubscribe.already', { label: state.info.label }))}
      </Alert>
    );
  } else {
    body = (
      <>
        <Typography>
          {script.text(
            t('unsubscribe.question', { username: state.info.username, label: state.info.label }),
          )}
        </Typography>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={busy}
          data-testid="unsubscribe-confirm"
          {...script.label(t('unsubscribe.confirm'))}
        >
          {script.text(t('unsubscribe.confirm'))}
        </Button>
      </>
    );
  }

  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {body}
        <Link
          component={RouterLink}
          to={paths.home()}
          underline="hover"
          {...script.label(t('unsubscribe.home'))}
        >
          {script.text(t('unsubscribe.home'))}
        </Link>
      </Stack>
    </Paper>
  );
}
