import { Suspense, useState } from 'react';
import { useAppStore } from '../../lib/app-store';
import { providedLazy } from '../../lib/providers';

const LoadingBar = providedLazy(() => import('./loading-bar'));

/** The global loading bar at the top of the window, bound to the app store's `isLoading`. */
export function LoadingIndicator() {
  const isLoading = useAppStore((state) => state.isLoading);
  const [needed, setNeeded] = useState(isLoading);
  if (isLoading && !needed) setNeeded(true);
  return isLoading && needed ? (
    <Suspense fallback={null}>
      <LoadingBar />
    </Suspense>
  ) : null;
}
