/** What counts as using the page: a press, a key, a touch or a scroll. */
const USE_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * Calls `callback` once, when the page is first used or after `afterMs`, whichever comes first:
 * for code a page does not need to become interactive but should have before it is needed (the
 * toasts, a chart's print copy). It stays out of the page's first load and of the quiet network
 * that ends it. Returns the cancel, for an effect's clean-up.
 */
export function onFirstUse(callback: () => void, afterMs: number): () => void {
  const options = { once: true, passive: true, capture: true };
  const cancel = () => {
    clearTimeout(timer);
    for (const name of USE_EVENTS) window.removeEventListener(name, fire, options);
  };
  const fire = () => {
    cancel();
    callback();
  };
  const timer = setTimeout(fire, afterMs);
  for (const name of USE_EVENTS) window.addEventListener(name, fire, options);
  return cancel;
}
