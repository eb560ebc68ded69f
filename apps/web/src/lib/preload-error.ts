import { create } from 'zustand';

/** Set once a page script failed to load: the site was redeployed under the visitor. */
export const useStaleDeployStore = create<{ stale: boolean }>()(() => ({ stale: false }));

interface PreloadErrorEvent extends Event {
  payload?: unknown;
}

/**
 * The default handler of Vite's `vite:preloadError` event (docs/product.md, Error messages): a page
 * script that fails to load (a stale deploy) raises the event, and Vite rethrows the error unless a
 * handler prevents it. This one handles it by offering a reload (the stale-deploy dialog), unless
 * the browser is offline.
 */
export function handlePreloadError(event: PreloadErrorEvent): void {
  // Offline it is the connection, not a new version: the load fails as any request does (a
  // page shows its error, code loaded in the background tries again later) beside the toast.
  if (!navigator.onLine) return;
  event.preventDefault();
  useStaleDeployStore.setState({ stale: true });
}

export function installPreloadErrorHandler(target: Window = window): () => void {
  target.addEventListener('vite:preloadError', handlePreloadError);
  return () => target.removeEventListener('vite:preloadError', handlePreloadError);
}

/**
 * Loads a lazy page module. When the preload-error handler swallowed a failure the import
 * answers undefined: the navigation then stays pending under the reload dialog rather than
 * rendering a broken page.
 */
export async function loadPage<T>(load: () => Promise<T | undefined>): Promise<T> {
  const module = await load();
  return module ?? new Promise<T>(() => {});
}
