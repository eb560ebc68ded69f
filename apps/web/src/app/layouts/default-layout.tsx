import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense } from 'react';
import { BREAKPOINTS, NAV_RAIL_WIDTH } from '../../config/constants';
import { PageOutlet } from '../page-outlet';
import { AppFooter } from '../shell/app-footer';
import { AppHeader, MAIN_ID } from '../shell/app-header';
import { LogoutDialog } from '../shell/logout';

const NavRail = lazy(() => import('../shell/nav-rail'));

const RAIL_WIDTHS = `(min-width: ${BREAKPOINTS.md}px) and (max-width: ${BREAKPOINTS.lg - 0.02}px)`;

/**
 * Header, content, footer: every page but home and login (spec §2); between md and lg the
 * navigation rail beside the content.
 */
export function DefaultLayout({ frameOnly = false }: { frameOnly?: boolean }) {
  const rail = useMediaQuery(RAIL_WIDTHS, { noSsr: true });
  return (
    <Box data-layout="default">
      {/* Header and content fill at least the screen, so the footer starts below the fold: it
          would otherwise show at the bottom while the page loads, then be pushed out (Lighthouse
          counted that as a layout shift of 0.04). */}
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
        <AppHeader />
        <Box sx={{ flex: 1, display: 'flex' }}>
          {rail && (
            // The rail's space is kept while its code loads, so the content does not shift.
            <Box
              sx={{
                width: NAV_RAIL_WIDTH,
                flexShrink: 0,
                display: 'flex',
                borderRight: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            >
              <Suspense fallback={null}>
                <NavRail />
              </Suspense>
            </Box>
          )}
          <Box
            component="main"
            id={MAIN_ID}
            tabIndex={-1}
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              '&:focus': { outline: 'none' },
            }}
          >
            {!frameOnly && <PageOutlet />}
          </Box>
        </Box>
      </Box>
      <AppFooter />
      <LogoutDialog />
    </Box>
  );
}
