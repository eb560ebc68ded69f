import Box from '@mui/material/Box';
import { PageOutlet } from '../page-outlet';
import { AppFooter } from '../shell/app-footer';
import { AppHeader, MAIN_ID } from '../shell/app-header';
import { LogoutDialog } from '../shell/logout';

/** The home page's frame: a transparent header over the content (spec §2), the footer under it. */
export function LandingLayout({ frameOnly = false }: { frameOnly?: boolean }) {
  return (
    <Box data-layout="landing" sx={{ position: 'relative', minHeight: '100dvh' }}>
      <AppHeader transparent />
      {/* At least a screen high: the footer starts below the fold and does not move into view
          and out again while the sections below the hero load (Lighthouse saw CLS 0.08). */}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ minHeight: '100dvh', '&:focus': { outline: 'none' } }}
      >
        {!frameOnly && <PageOutlet />}
      </Box>
      <AppFooter />
      <LogoutDialog />
    </Box>
  );
}
