import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from './constants';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Runes first (docs/kyrgyz.md, Rune font: no Latin or Cyrillic), then Inter. */
export const FONT_FAMILY =
  '"Noto Sans Old Turkic", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * Runes in menus, tooltips, lists and buttons at 15 px or more: the Old Turkic glyphs are drawn small
 * for their size, and at the 12–14 px of Latin menus they are hard to read.
 */
export const READABLE_RUNES = { '& bdi[lang="ky-Orkh"]': { fontSize: 'max(1em, 15px)' } } as const;

/** The brand orange (docs/product.md, Theme): fills, borders, focus rings, the tree. */
export const BRAND_ORANGE = '#E65100';

/**
 * The brand orange darkened for text and for fills that carry text: 5.4:1 on the page
 * background and 5.6:1 under white text (WCAG AA wants 4.5:1; #E65100 gives 3.6 and 3.8).
 * It is `palette.primary.dark`, so `color: 'primary.dark'` in `sx` is the text colour.
 */
export const TEXT_ORANGE = '#BF360C';

/** Hover of a fill in TEXT_ORANGE. */
const TEXT_ORANGE_HOVER = '#992B0A';

/**
 * docs/product.md, Theme: light, primary orange #E65100, secondary teal, the site's breakpoints.
 */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    mode: 'light',
    primary: { main: BRAND_ORANGE, dark: TEXT_ORANGE, contrastText: '#fff' },
    // MUI's warning orange under white text is 3.1:1 (the Жети ата chip).
    warning: { main: '#B45309', contrastText: '#fff' },
    // Likewise MUI's info blue (3.9:1): light blue 800 is 4.8:1 (an outcome chip, a running job).
    info: { main: '#0277BD', contrastText: '#fff' },
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
    MuiButton: {
      styleOverrides: {
        root: {
          ...READABLE_RUNES,
          variants: [
            { props: { color: 'primary', variant: 'text' }, style: { color: TEXT_ORANGE } },
            {
              props: { color: 'primary', variant: 'outlined' },
              style: { color: TEXT_ORANGE, borderColor: TEXT_ORANGE },
            },
            {
              props: { color: 'primary', variant: 'contained' },
              style: {
                backgroundColor: TEXT_ORANGE,
                '&:hover': { backgroundColor: TEXT_ORANGE_HOVER },
              },
            },
          ],
        },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: { variants: [{ props: { color: 'primary' }, style: { color: TEXT_ORANGE } }] },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { color: 'primary' },
              style: { color: TEXT_ORANGE, textDecorationColor: 'rgba(191, 54, 12, 0.4)' },
            },
          ],
        },
      },
    },
    MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: TEXT_ORANGE } } } },
    MuiTabs: { styleOverrides: { indicator: { backgroundColor: TEXT_ORANGE } } },
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused': { color: TEXT_ORANGE } } } },
    MuiChip: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { color: 'primary', variant: 'outlined' },
              style: { color: TEXT_ORANGE, borderColor: TEXT_ORANGE },
            },
            {
              props: { color: 'primary', variant: 'filled' },
              style: { backgroundColor: TEXT_ORANGE },
            },
          ],
        },
      },
    },
    MuiPaginationItem: {
      styleOverrides: {
        root: {
          '&.Mui-selected.MuiPaginationItem-textPrimary, &.Mui-selected.MuiPaginationItem-outlinedPrimary':
            { backgroundColor: TEXT_ORANGE, color: '#fff' },
        },
      },
    },
    MuiBadge: {
      styleOverrides: { colorPrimary: { backgroundColor: TEXT_ORANGE } },
    },
  },
  // Overlays take 2000 + 10 per layer themselves (lib/overlays.ts); notices stay above them.
  zIndex: { snackbar: 2600, tooltip: 2700 },
  shape: { borderRadius: 8 },
});
