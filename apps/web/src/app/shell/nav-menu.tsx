import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { READABLE_RUNES } from '../../config/theme';
import { useScript } from '../../lib/script';
import { useNavLinks } from './nav-items';

/** From this width the menu has room for its roomier spacing (1280 px is tight, see below). */
const ROOMY = '@media (min-width: 1440px)';

/**
 * The header's navigation menu on wide screens (lg and up). At 1280–1439 px the signed-in
 * menu's twelve links only fit on one line with tighter padding and, in Cyrillic, 13 px text.
 */
export function NavMenu({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const links = useNavLinks();

  return (
    <Box
      component="nav"
      aria-label={t('header.navigation')}
      data-testid="header-nav"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 0,
        [ROOMY]: { columnGap: 0.25 },
      }}
    >
      {links.map((link) => (
        <Box
          component={NavLink}
          key={link.key}
          to={link.to}
          {...script.label(link.label)}
          sx={(theme) => {
            const ink = onDark ? '#fff' : theme.palette.text.primary;
            const accent = onDark ? '#fff' : theme.palette.primary.dark;
            return {
              position: 'relative',
              px: script.runes ? '5px' : '7px',
              py: 0.75,
              borderRadius: 1,
              fontSize: 13,
              [ROOMY]: { px: 1, fontSize: 14 },
              ...READABLE_RUNES,
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
                left: 4,
                right: 4,
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
