import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { closeOverlay, openOverlay, overlayZIndex, pulse, subscribeOverlays } from './overlays';

export interface OverlayOptions {
  open: boolean;
  /** Closes the overlay (sets the state that `open` comes from to false). */
  onClose: () => void;
  /** A persistent overlay does not close on Escape, an outside click or Back: it pulses. */
  persistent?: boolean;
}

/** Why MUI wants an overlay to close. */
type CloseReason = 'backdropClick' | 'escapeKeyDown' | 'tabKeyDown' | (string & {});

/**
 * Wires an MUI Dialog, Menu or Drawer to the shared overlay behaviour (docs/product.md, Overlays):
 * its z-index layer, Back closes it, and a persistent one pulses instead of closing.
 * Pass `zIndex` to the component's `sx`, `contentRef` to the element that pulses (the paper)
 * and `handleClose` as its `onClose`.
 */
export function useOverlay({ open, onClose, persistent = false }: OverlayOptions) {
  const id = useId();
  const contentRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const pulseContent = useCallback(() => pulse(contentRef.current), []);

  useEffect(() => {
    if (!open) return;
    openOverlay({ id, persistent, onBack: () => onCloseRef.current(), pulse: pulseContent });
    return () => closeOverlay(id);
  }, [open, id, persistent, pulseContent]);

  const zIndex = useSyncExternalStore(subscribeOverlays, () => overlayZIndex(id));

  const handleClose = useCallback(
    (_event?: unknown, reason?: CloseReason) => {
      if (persistent && reason !== undefined) {
        pulseContent();
        return;
      }
      onCloseRef.current();
    },
    [persistent, pulseContent],
  );

  return { zIndex, contentRef, handleClose };
}
