import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/accounts';
import '../../lib/i18n/areas/accounts';
import { useScript } from '../../lib/script';
import { LanguageSwitch } from '../shell/language-switch';

/**
 * Login (blank layout, guests only): sign in or register. A guest sent here by the home page's
 * guard notice (`?next=`) is told why, and goes back there after signing in. The blank layout
 * has no header, so the language switch is on the page itself.
 */
export function Component() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('accounts');
  const script = useScript();
  const [params] = useSearchParams();
  const sentHere = params.has('next');
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 2,
        py: 4,
        position: 'relative',
        background: 'linear-gradient(180deg, #FFF3E0 0%, #FAFAF8 60%)',
      }}
    >
      <Box sx={{ position: 'absolute', top: 12, right: 16 }}>
        <LanguageSwitch onDark={false} />
      </Box>
      <Link
        component={RouterLink}
        to={paths.home()}
        underline="hover"
        sx={{ fontWeight: 800, fontSize: 20, mt: { xs: 4, sm: 0 } }}
        {...script.label(t('site.name'))}
      >
        {script.text(t('site.name'))}
      </Link>
      <Typography variant="h4" component="h1">
        {script.text(t('titles.login'))}
      </Typography>
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
    </Box>
  );
}
