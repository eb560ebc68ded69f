import { useCallback, useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../config/constants';

/**
 * Whether a CSS media query matches, from the first render on (read synchronously, as MUI's
 * `useMediaQuery(query, { noSsr: true })`), and again when it changes. The app's one: the
 * landing page's frame uses it without loading MUI, and the pages with `widthBelow` below.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Widths below `breakpoint`, as MUI's `theme.breakpoints.down(breakpoint)` writes them. */
export function widthBelow(breakpoint: keyof typeof BREAKPOINTS): string {
  return `(max-width:${BREAKPOINTS[breakpoint] - 0.05}px)`;
}
