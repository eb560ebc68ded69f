import { RouterProvider } from 'react-router';
import { reloadHref, type AppRouter } from './router';
import { AppSnackbar } from './shell/app-snackbar';
import { AppToaster } from './shell/app-toaster';
import { LoadingIndicator } from './shell/loading-indicator';
import { NetworkNotices } from './shell/network-notices';
import { StaleDeployDialog } from './shell/stale-deploy-dialog';

/**
 * The whole web app: the routes, and the notices that live above every page. No MUI theme around
 * it: the frame is drawn without MUI, and what MUI draws brings its theme (lib/themed.tsx).
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <>
      <LoadingIndicator />
      <RouterProvider router={router} />
      <AppSnackbar />
      <AppToaster />
      <NetworkNotices />
      <StaleDeployDialog reloadHref={reloadHref} />
    </>
  );
}
