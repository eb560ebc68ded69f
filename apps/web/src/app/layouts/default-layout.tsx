import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { PageOutlet } from '../page-outlet';
import { AppFooter } from '../shell/app-footer';
import { AppHeader } from '../shell/app-header';
import { LogoutDialog } from '../shell/logout';

/** Header, content, footer: every page but home and login (spec §2). */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <Box
      data-layout="default"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}
    >
      <AppHeader />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {children ?? <PageOutlet />}
      </Box>
      <AppFooter />
      <LogoutDialog />
    </Box>
  );
}
