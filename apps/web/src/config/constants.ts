/** The product's numbers the web app's behaviour depends on (docs/product.md). */

/** Breakpoints (docs/product.md, Breakpoints and sizes); "mobile" is everything below lg. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const NAV_DRAWER_WIDTH = 256;

/** The icon rail beside the content between md and lg (docs/product.md, Header and navigation). */
export const NAV_RAIL_WIDTH = 56;

/** Overlays (dialogs, menus, drawer): the first layer's z-index, and the step per layer above it. */
export const OVERLAY_Z_INDEX = 2000;
export const OVERLAY_Z_STEP = 10;
/** A persistent overlay answers Escape, an outside click or Back by scaling to 1.03 for 150 ms. */
export const OVERLAY_PULSE = { scale: 1.03, durationMs: 150 } as const;

/** Snackbar: store defaults, the displayed default timeout, and the swipe that dismisses it. */
export const SNACKBAR_DEFAULTS = { timeout: 3000, color: 'purple' } as const;
export const SNACKBAR_DISPLAY_TIMEOUT = 5000;
export const SNACKBAR_SWIPE_PX = 50;
/** Logout's success and failure notices stay this long (docs/product.md, Logout). */
export const LOGOUT_SNACKBAR_TIMEOUT = 4000;

/** Toasts (sonner). */
export const TOASTS = {
  durationMs: 4000,
  visible: 3,
  gapPx: 14,
  widthPx: 356,
  position: 'bottom-right',
  swipeThresholdPx: 20,
  hotkey: ['altKey', 'KeyT'],
} as const;

/** The year in the footer. */
export const FOOTER_YEAR = 2024;

/** Browser storage keys (docs/product.md, Languages and Session). */
export const STORAGE_KEYS = {
  language: 'lang',
  accessToken: 'access-token',
  user: 'user',
} as const;
