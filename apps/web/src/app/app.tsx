import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { reloadHref, router } from './router';
import { AppSnackbar } from './shell/app-snackbar';
import { AppToaster } from './shell/app-toaster';
import { LoadingIndicator } from './shell/loading-indicator';
import { NetworkNotices } from './shell/network-notices';
import { StaleDeployDialog } from './shell/stale-deploy-dialog';

/** The whole web app: the routes, and the notices that live above every page. */
export function App() {
  return (
    <AppProvider>
      <LoadingIndicator />
      <RouterProvider router={router} />
      <AppSnackbar />
      <AppToaster />
      <NetworkNotices />
      <StaleDeployDialog reloadHref={reloadHref} />
    </AppProvider>
  );
}
