import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { providedLazy } from '../../lib/providers';

/**
 * Renders an overlay's code only once it is first needed, so menus, dialogs and the drawer
 * (MUI's modal machinery, with MUI's theme) stay out of the landing page's initial JavaScript.
 * `preloadWhenIdle` mounts it, still closed, once the browser is idle, so that its first
 * opening already animates.
 */
export function lazyOverlay<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { preloadWhenIdle = false } = {},
): ComponentType<P & { needed: boolean }> {
  const Overlay = providedLazy(load);
  function LazyOverlay({ needed, ...props }: P & { needed: boolean }) {
    const [loaded, setLoaded] = useState(needed);
    if (needed && !loaded) setLoaded(true);
    useEffect(() => {
      if (!preloadWhenIdle) return;
      const mount = () => setLoaded(true);
      if ('requestIdleCallback' in window) {
        const id = window.requestIdleCallback(mount, { timeout: 5000 });
        return () => window.cancelIdleCallback(id);
      }
      const id = setTimeout(mount, 2000);
      return () => clearTimeout(id);
    }, []);
    return loaded ? (
      <Suspense fallback={null}>
        <Overlay {...(props as P)} />
      </Suspense>
    ) : null;
  }
  return LazyOverlay;
}
