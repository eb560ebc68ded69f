import { Suspense, useState } from 'react';
import { useSnackbarStore } from '../../lib/snackbar-store';
import { providedLazy } from '../../lib/providers';

const SnackbarView = providedLazy(() => import('./snackbar-view'));

/** The snackbar notice; its code loads the first time something is shown. */
export function AppSnackbar() {
  const isVisible = useSnackbarStore((state) => state.isVisible);
  const [needed, setNeeded] = useState(isVisible);
  if (isVisible && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <SnackbarView />
    </Suspense>
  ) : null;
}
