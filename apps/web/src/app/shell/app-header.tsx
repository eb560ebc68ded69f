import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonSx, LinkButton } from '../../components/link-button';
import { paths } from '../../config/paths';
import { useAppStore } from '../../lib/app-store';
import { useModerationCounts } from '../../lib/moderation-counts';
import { useScript } from '../../lib/script';
import { useSessionStore } from '../../lib/session-store';
import { useIsWide } from './breakpoints';
import { LanguageSwitch } from './language-switch';
import { lazyOverlay } from './lazy-overlays';
import { ModerationBadge } from './moderation-badge';
import { NavMenu } from './nav-menu';
import { ProfileAvatar } from './profile-avatar';
import { UserMenu } from './user-menu';

/** The id of each layout's `<main>`, the target of the skip link. */
export const MAIN_ID = 'main-content';

const NavDrawer = lazyOverlay(() => import('./nav-drawer'), { preloadWhenIdle: true });

/**
 * The header (spec §2): site name linking home, the navigation menu, login button or user
 * menu, the language switch and the profile avatar. Below lg the menu and the user menu move
 * into the drawer behind the 'Меню' button. `transparent`: the landing page's header over
 * its content. Plain elements rather than MUI's AppBar and Buttons keep the landing page's
 * initial JavaScript small.
 */
export function AppHeader({ transparent = false }: { transparent?: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const logged = useSessionStore((state) => state.logged);
  const toggleDrawer = useAppStore((state) => state.toggleDrawer);
  const drawer = useAppStore((state) => state.drawer);
  const wide = useIsWide();
  const tone = transparent ? 'light' : 'primary';
  // Below lg the user menu is in the drawer: its button carries the moderators' count.
  const waiting = useModerationCounts({ refresh: !wide })?.total ?? 0;
  const menuLabel =
    waiting > 0
      ? `${t('header.menu')}, ${t('header.moderationWaiting', { count: waiting })}`
      : t('header.menu');

  return (
    <>
      {/* The first stop of Tab: past the header's dozen links, straight to the page. */}
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        onClick={(event: MouseEvent) => {
          // Focus without a #fragment in the address (the router and Back stay as they were).
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        {...script.label(t('header.skipToContent'))}
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: 'tooltip',
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          fontWeight: 600,
          boxShadow: 3,
          '&:focus': { top: 8, outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {script.text(t('header.skipToContent'))}
      </Box>
      <Box
        component="header"
        data-variant={transparent ? 'transparent' : 'solid'}
        sx={{
          position: transparent ? 'absolute' : 'sticky',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 'appBar',
          color: transparent ? '#fff' : 'text.primary',
          bgcolor: transparent ? 'transparent' : alpha('#fff', 0.96),
          backdropFilter: transparent ? undefined : 'saturate(180%) blur(8px)',
          borderBottom: transparent ? 'none' : '1px solid',
          borderColor: 'divider',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 0.75, sm: 1.5 },
            minHeight: { xs: 60, sm: 64 },
            px: { xs: 2, sm: 3 },
          }}
        >
          <Box
            component={Link}
            to={paths.home()}
            {...script.label(t('site.name'))}
            sx={{
              fontWeight: 800,
              fontSize: { xs: 16, sm: 20 },
              letterSpacing: '-0.01em',
              color: transparent ? '#fff' : 'primary.dark',
              textDecoration: 'none',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              minWidth: 0,
              '&:focus-visible': { outline: '2px solid', outlineOffset: 2 },
            }}
          >
            {script.text(t('site.name'))}
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitch onDark={transparent} />
          {wide &&
            (logged ? (
              <UserMenu onDark={transparent} />
            ) : (
              <LinkButton
                to={paths.login()}
                variant={transparent ? 'outlined' : 'contained'}
                tone={tone}
                {...script.label(t('header.login'))}
              >
                {script.text(t('header.login'))}
              </LinkButton>
            ))}
          <ProfileAvatar />
          {!wide && (
            <Box
              component="button"
              type="button"
              aria-label={menuLabel}
              title={menuLabel}
              aria-expanded={drawer}
              onClick={toggleDrawer}
              sx={[
                buttonSx('text', tone),
                {
                  position: 'relative',
                  px: 1,
                  mr: -1,
                  color: 'inherit',
                  '& svg': { fontSize: 26 },
                  '& [data-testid="moderation-badge"]': { position: 'absolute', top: 0, right: 0 },
                },
              ]}
            >
              <MenuIcon />
              {waiting > 0 && <ModerationBadge count={waiting} />}
            </Box>
          )}
        </Box>
        {wide && (
          <Box sx={{ px: 1, pb: 0.75, '@media (min-width: 1440px)': { px: 2 } }}>
            <NavMenu onDark={transparent} />
          </Box>
        )}
      </Box>
      {!wide && <NavDrawer needed={drawer} />}
    </>
  );
}
