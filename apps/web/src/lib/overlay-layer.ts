import { createContext, createElement, useContext, type ReactNode } from 'react';
import { OVERLAY_Z_STEP } from '../config/constants';

/** The z-index of the overlay the content is in; undefined on the page itself. */
const OverlayLayerContext = createContext<number | undefined>(undefined);

/**
 * Marks the content of an overlay (a dialog, the drawer) with its z-index, so that a popup
 * opened inside it (a select's menu, an Autocomplete's list) goes one layer above.
 */
export function OverlayLayer({ zIndex, children }: { zIndex: number; children: ReactNode }) {
  return createElement(OverlayLayerContext.Provider, { value: zIndex }, children);
}

/**
 * Props that put a field's popup one layer (10) above the overlay at `host` (docs/product.md,
 * Overlays): `select` for a TextField select's `slotProps.select`, `popper` for an
 * Autocomplete's `slotProps.popper`. Without a host (on the page itself) MUI's own z-index stays.
 */
export function popupLayer(host: number | undefined) {
  const zIndex = host === undefined ? undefined : host + OVERLAY_Z_STEP;
  return {
    zIndex,
    popper: { sx: { zIndex } },
    select: { MenuProps: { sx: { zIndex } } },
  };
}

/** `popupLayer` of the overlay the calling component is in (marked by `OverlayLayer`). */
export function usePopupLayer() {
  return popupLayer(useContext(OverlayLayerContext));
}
