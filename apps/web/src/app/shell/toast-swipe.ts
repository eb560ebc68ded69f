import { TOASTS } from '../../config/constants';

/** The distance at which sonner 2 itself dismisses a swiped toast (its fixed SWIPE_THRESHOLD). */
const SONNER_THRESHOLD_PX = 45;

/** Directions a bottom-right toast may be swiped away in (sonner's default for that corner). */
function allowed(dx: number, dy: number): { axis: 'x' | 'y'; distance: number } | null {
  const axis = Math.abs(dx) >= Math.abs(dy) ? 'x' : 'y';
  const distance = axis === 'x' ? dx : dy;
  return distance > 0 ? { axis, distance } : null;
}

/**
 * docs/product.md, Toasts: dismissed by a 20 px swipe; sonner 2 hard-codes 45 px. On release, a
 * swipe between the two is topped up to sonner's threshold, so sonner dismisses it with its
 * own animation. Listens in the capture phase, i.e. before sonner's React handler.
 */
export function installToastSwipe(target: Document): () => void {
  let start: { x: number; y: number; toast: HTMLElement } | null = null;

  const onDown = (event: PointerEvent) => {
    const element = event.target instanceof Element ? event.target : null;
    const toast = element?.closest<HTMLElement>('[data-sonner-toast]');
    start =
      toast && element?.tagName !== 'BUTTON' ? { x: event.clientX, y: event.clientY, toast } : null;
  };
  const onUp = (event: PointerEvent) => {
    if (!start) return;
    const { toast } = start;
    const swipe = allowed(event.clientX - start.x, event.clientY - start.y);
    start = null;
    if (!swipe || swipe.distance < TOASTS.swipeThresholdPx) return;
    if (swipe.distance >= SONNER_THRESHOLD_PX) return;
    toast.style.setProperty(`--swipe-amount-${swipe.axis}`, `${SONNER_THRESHOLD_PX}px`);
  };

  const onCancel = () => {
    start = null;
  };

  target.addEventListener('pointerdown', onDown, true);
  target.addEventListener('pointerup', onUp, true);
  target.addEventListener('pointercancel', onCancel, true);
  return () => {
    target.removeEventListener('pointerdown', onDown, true);
    target.removeEventListener('pointerup', onUp, true);
    target.removeEventListener('pointercancel', onCancel, true);
  };
}
