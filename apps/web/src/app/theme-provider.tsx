import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from '../config/theme';

/**
 * MUI's theme around what MUI draws, loaded with the first part that needs it (lib/providers.tsx):
 * the landing page has none. The baseline styles are static CSS (config/theme.css).
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
