import Box from '@mui/material/Box';
import { PageOutlet } from '../page-outlet';

/** Nothing around the content: the login page (spec §2). */
export function BlankLayout({ frameOnly = false }: { frameOnly?: boolean }) {
  return (
    <Box data-layout="blank" component="main" sx={{ minHeight: '100dvh' }}>
      {!frameOnly && <PageOutlet />}
    </Box>
  );
}
