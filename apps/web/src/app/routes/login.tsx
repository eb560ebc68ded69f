import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/accounts';
import { useScript } from '../../lib/script';

/** Login (blank layout, guests only): sign in or register. */
export function Component() {
  const { t } = useTranslation();
  const script = useScript();
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
        background: 'linear-gradient(180deg, #FFF3E0 0%, #FAFAF8 60%)',
      }}
    >
      <Link
        component={RouterLink}
        to={paths.home()}
        underline="hover"
        sx={{ fontWeight: 800, fontSize: 20 }}
        {...script.label(t('site.name'))}
      >
        {script.text(t('site.name'))}
      </Link>
      <Typography variant="h4" component="h1">
        {script.text(t('titles.login'))}
      </Typography>
      <AuthCard />
    </Box>
  );
}
