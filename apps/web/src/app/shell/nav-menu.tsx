import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useScript } from '../../lib/script';
import { navItemSx } from './nav-item-sx';
import { useHeaderNav } from './nav-items';

/** From this width the menu has room for its roomier spacing (1280 px is tight, see below). */
const ROOMY = '@media (min-width: 1440px)';

// Only moderators and admins have it: guests' and members' pages do not load its code.
const ManageMenu = lazy(() => import('./manage-menu'));

/**
 * The header's navigation menu on wide screens (lg and up). At 1280–1439 px the signed-in
 * menu's twelve links only fit on one line with tighter padding and, in Cyrillic, 13 px text;
 * staff's management pages are grouped in one menu (useHeaderNav).
 */
export function NavMenu({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const { links, manage } = useHeaderNav();

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
          sx={(theme) => navItemSx(theme, onDark, script.runes)}
        >
          {script.text(link.label)}
        </Box>
      ))}
      {manage.length > 0 && (
        <Suspense fallback={null}>
          <ManageMenu links={manage} onDark={onDark} />
        </Suspense>
      )}
    </Box>
  );
}
