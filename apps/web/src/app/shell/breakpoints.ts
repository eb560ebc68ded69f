import { useEffect } from 'react';
import { BREAKPOINTS } from '../../config/constants';
import { useAppStore } from '../../lib/app-store';
import { useMediaQuery } from '../../lib/use-media-query';

const WIDE = `(min-width: ${BREAKPOINTS.lg}px)`;

/**
 * True from lg (1280 px) up, where the header shows the whole menu; below it ("mobile",
 * docs/product.md, Breakpoints and sizes) the menu collapses into the drawer, which closes when the
 * window grows past lg.
 */
export function useIsWide(): boolean {
  const wide = useMediaQuery(WIDE);
  useEffect(() => {
    if (wide) useAppStore.getState().setDrawer(false);
  }, [wide]);
  return wide;
}
