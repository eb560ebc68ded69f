import { OVERLAY_PULSE, OVERLAY_Z_INDEX, OVERLAY_Z_STEP } from '../config/constants';

/**
 * The stack of open overlays (dialogs, menus, the drawer), shared so that
 * - stacked overlays get z-index 2000 + 10 per layer (docs/product.md, Overlays);
 * - the browser's Back button closes the top overlay instead of leaving the page (same section):
 *   every open overlay owns one history entry, the current URL again, marked with its id.
 *
 * History changes are reconciled one step at a time: an overlay closed by Escape or a click
 * steps back over its entry (history.back() is asynchronous, so nothing else happens until its
 * popstate arrives), then entries are pushed for overlays that have none yet.
 */

const MARK = 'bagyshOverlay';
/** How long a step back may take before its entry is taken to be gone (a busy phone: seconds). */
const BACK_WAIT_MS = 3000;

interface Entry {
  id: string;
  persistent: boolean;
  /** Whether this overlay's history entry exists (it is the current one or below it). */
  pushed: boolean;
  /** The visitor pressed Back while this overlay was on top. */
  onBack(): void;
  pulse(): void;
}

const stack: Entry[] = [];
const lastZIndex = new Map<string, number>();
const listeners = new Set<() => void>();
const idleCallbacks: (() => void)[] = [];
let backInFlight = false;
let backTimer: ReturnType<typeof setTimeout> | undefined;
/** The mark of an entry a step back never left (see reconcile). */
let gone: string | undefined;
let scheduled = false;
let listening = false;

function currentMark(): string | undefined {
  const state = window.history.state as Record<string, unknown> | null;
  const mark = state?.[MARK];
  return typeof mark === 'string' && mark !== gone ? mark : undefined;
}

function emit() {
  stack.forEach((entry, layer) => lastZIndex.set(entry.id, zIndexForLayer(layer)));
  listeners.forEach((listener) => listener());
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  // A microtask lets React's StrictMode close-and-reopen of an effect cancel out.
  queueMicrotask(() => {
    scheduled = false;
    reconcile();
  });
}

function reconcile() {
  if (backInFlight) return;
  const mark = currentMark();
  if (mark !== undefined) {
    const owner = stack.find((entry) => entry.id === mark);
    if (owner) {
      owner.pushed = true;
    } else {
      // The current entry belongs to an overlay that is closed: step back over it.
      backInFlight = true;
      window.history.back();
      // Should the popstate never come (no entry below), take this entry as unmarked rather
      // than step back again: a slow popstate and a second back() would take two steps,
      // leaving the page a link in the overlay was opening.
      backTimer = setTimeout(() => {
        backInFlight = false;
        gone = mark;
        schedule();
      }, BACK_WAIT_MS);
      return;
    }
  }
  for (const entry of stack) {
    if (entry.pushed) continue;
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.pushState({ ...state, [MARK]: entry.id }, '');
    entry.pushed = true;
  }
  for (const callback of idleCallbacks.splice(0)) callback();
}

function handlePopState() {
  const ours = backInFlight;
  backInFlight = false;
  clearTimeout(backTimer);
  const mark = currentMark();
  // Every pushed overlay above the now-current entry has lost its history entry.
  for (let i = stack.length - 1; i >= 0; i--) {
    const entry = stack[i];
    if (!entry || !entry.pushed) continue;
    if (entry.id === mark) break;
    entry.pushed = false;
    if (ours) continue;
    // Back pressed: a persistent overlay stays (its entry is pushed again) and pulses.
    if (entry.persistent) entry.pulse();
    else entry.onBack();
  }
  schedule();
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', handlePopState);
}

/** Registers an overlay that has just opened. */
export function openOverlay(entry: Omit<Entry, 'pushed'>): void {
  listen();
  const existing = stack.find((item) => item.id === entry.id);
  if (existing) Object.assign(existing, entry);
  else stack.push({ ...entry, pushed: false });
  emit();
  schedule();
}

/** Unregisters an overlay that has closed (for whatever reason) or unmounted. */
export function closeOverlay(id: string): void {
  const index = stack.findIndex((entry) => entry.id === id);
  if (index < 0) return;
  stack.splice(index, 1);
  emit();
  schedule();
}

/**
 * Runs `callback` once the overlays' history entries are settled: navigate from inside an
 * overlay through this, so that its closing step back cannot undo the navigation.
 */
export function whenHistoryIdle(callback: () => void): void {
  idleCallbacks.push(callback);
  schedule();
}

export function zIndexForLayer(layer: number): number {
  return OVERLAY_Z_INDEX + OVERLAY_Z_STEP * layer;
}

/** The z-index of an overlay: its layer while open, its last one while it fades out. */
export function overlayZIndex(id: string): number {
  const layer = stack.findIndex((entry) => entry.id === id);
  if (layer >= 0) return zIndexForLayer(layer);
  return lastZIndex.get(id) ?? OVERLAY_Z_INDEX;
}

export function subscribeOverlays(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The persistent overlay's answer to Escape, an outside click or Back: scale to 1.03 for 150 ms. */
export function pulse(element: Element | null | undefined): void {
  if (!element || typeof element.animate !== 'function') return;
  element.animate(
    [
      { transformOrigin: 'center' },
      { transform: `scale(${OVERLAY_PULSE.scale})` },
      { transformOrigin: 'center' },
    ],
    { duration: OVERLAY_PULSE.durationMs, easing: 'cubic-bezier(0.4, 0, 0.2, 1)' },
  );
}
