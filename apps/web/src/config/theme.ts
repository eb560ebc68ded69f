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

/**
 * Runes in menus, tooltips, lists and buttons at 15 px or more: the Old Turkic glyphs are drawn small
 * for their size, and at the 12–14 px of Latin menus they are hard to read.
 */
export const READABLE_RUNES = { '& bdi[lang="ky-Orkh"]': { fontSize: 'max(1em, 15px)' } } as const;

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
  components: {
    MuiTooltip: { styleOverrides: { tooltip: READABLE_RUNES } },
    MuiMenuItem: { styleOverrides: { root: READABLE_RUNES } },
    MuiListItemButton: { styleOverrides: { root: READABLE_RUNES } },
    MuiButton: { styleOverrides: { root: READABLE_RUNES } },
  },
  // Overlays take 2000 + 10 per layer themselves (lib/overlays.ts); notices stay above them.
  zIndex: { snackbar: 2600, tooltip: 2700 },
  shape: { borderRadius: 8 },
});
