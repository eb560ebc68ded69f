import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, from the first render on (read synchronously, as MUI's
 * `useMediaQuery(query, { noSsr: true })`), and again when it changes. The frame's own, so that
 * the landing page does not load MUI for it.
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
