import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FOOTER_YEAR } from '../../config/constants';
import { useScript } from '../../lib/script';

/** Footer: the site name and 2024 (spec §2). */
export function AppFooter() {
  const { t } = useTranslation();
  const script = useScript();
  return (
    <Box
      component="footer"
      sx={{ py: 3, px: 2, borderTop: '1px solid', borderColor: 'divider', textAlign: 'center' }}
    >
      <Typography variant="body2" color="text.secondary">
        {script.text(t('site.footer', { name: t('site.name'), year: FOOTER_YEAR }))}
      </Typography>
    </Box>
  );
}
