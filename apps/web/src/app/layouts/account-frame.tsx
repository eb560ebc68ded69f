import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { useScript } from '../../lib/script';
import { LanguageSwitch } from '../shell/language-switch';

/**
 * The frame of the blank-layout account pages (login, password reset, e-mail confirmation):
 * the site name home, the page's heading, the language switch (no header here), the card.
 */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
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
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center' }}>
        {script.text(title)}
      </Typography>
      {children}
    </Box>
  );
}
