import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/accounts';
import '../../lib/i18n/areas/accounts';
import { useScript } from '../../lib/script';
import { AccountFrame } from '../layouts/account-frame';

/**
 * Login (blank layout, guests only): sign in or register. A guest sent here by the home page's
 * guard notice (`?next=`) is told why, and goes back there after signing in. The blank layout
 * has no header, so the language switch is on the page itself (the account pages' frame).
 */
export function Component() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('accounts');
  const script = useScript();
  const [params] = useSearchParams();
  const sentHere = params.has('next');
  return (
    <AccountFrame title={t('titles.login')}>
      {sentHere && (
        <Alert severity="info" role="status" sx={{ width: '100%', maxWidth: 420 }}>
          {script.text(t('guard.loginNeeded'))}
        </Alert>
      )}
      <AuthCard />
      <Link
        component={RouterLink}
        to={paths.passwordReset()}
        underline="hover"
        {...script.label(ta('login.forgot'))}
      >
        {script.text(ta('login.forgot'))}
      </Link>
    </AccountFrame>
  );
}
