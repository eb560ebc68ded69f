import type { SiteRouteId } from '@bagysh/shared';

/**
 * Pages drawn without MUI: their first paint loads neither MUI nor its theme (the first-paint
 * budget: the landing page). Their MUI parts (the name search's picker, an error notice) come
 * with the theme when first shown (lib/themed.tsx). Every other page gets the theme with its
 * code (router.tsx, page-outlet.tsx, and vite.config.ts's first-paint files).
 */
export const PLAIN_PAGES: ReadonlySet<SiteRouteId> = new Set<SiteRouteId>(['home']);
