import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { PageOutlet } from '../page-outlet';

/** Nothing around the content: the login page (spec §2). */
export function BlankLayout({ children }: { children?: ReactNode }) {
  return (
    <Box data-layout="blank" component="main" sx={{ minHeight: '100dvh' }}>
      {children ?? <PageOutlet />}
    </Box>
  );
}
