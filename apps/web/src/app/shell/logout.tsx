import { lazyOverlay } from './lazy-overlays';
import { useLogoutDialogStore } from './logout-store';

const LazyLogoutDialog = lazyOverlay(() => import('./logout-dialog'));

/** The logout question; its code loads when it is first asked. */
export function LogoutDialog() {
  const open = useLogoutDialogStore((state) => state.open);
  return <LazyLogoutDialog needed={open} />;
}
