import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from './constants';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Runes first (KYRGYZ.md §1: the rune subset has no Latin or Cyrillic), then Inter. */
export const FONT_FAMILY =
  '"Noto Sans Old Turkic", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Spec §9: light, primary orange #E65100, secondary teal, the site's breakpoints. */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    mode: 'light',
    primary: { main: '#E65100' },
    secondary: { main: '#00796B' }, // teal 700: white text on it stays readable
    background: { default: '#FAFAF8' },
  },
  typography: {
    fontFamily: FONT_FAMILY,
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
  },
  // Overlays take 2000 + 10 per layer themselves (lib/overlays.ts); notices stay above them.
  zIndex: { snackbar: 2600, tooltip: 2700 },
  shape: { borderRadius: 8 },
});
