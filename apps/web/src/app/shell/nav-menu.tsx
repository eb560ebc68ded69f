import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useScript } from '../../lib/script';
import { useNavLinks } from './nav-items';

/** The header's navigation menu on wide screens (lg and up). */
export function NavMenu({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const links = useNavLinks();

  return (
    <Box
      component="nav"
      aria-label={t('header.navigation')}
      data-testid="header-nav"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.25 }}
    >
      {links.map((link) => (
        <Box
          component={NavLink}
          key={link.key}
          to={link.to}
          {...script.label(link.label)}
          sx={(theme) => {
            const ink = onDark ? '#fff' : theme.palette.text.primary;
            const accent = onDark ? '#fff' : theme.palette.primary.main;
            return {
              position: 'relative',
              px: 1,
              py: 0.75,
              borderRadius: 1,
              fontSize: 14,
              fontWeight: 500,
              lineHeight: 1.5,
              whiteSpace: 'nowrap',
              textDecoration: 'none',
              color: ink,
              '&:hover': { bgcolor: alpha(accent, 0.1) },
              '&:focus-visible': { outline: '2px solid', outlineColor: accent },
              '&[aria-current="page"]': { color: accent, fontWeight: 600 },
              '&[aria-current="page"]::after': {
                content: '""',
                position: 'absolute',
                left: 8,
                right: 8,
                bottom: 0,
                height: 2,
                borderRadius: 1,
                bgcolor: accent,
              },
            };
          }}
        >
          {script.text(link.label)}
        </Box>
      ))}
    </Box>
  );
}
