import { matchSiteRoute } from '@bagysh/shared';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from 'react-router';
import { paths } from '../config/paths';
import { useGuardNotice } from '../lib/guard-notice';
import { LayoutFrame } from './layouts';
import { ErrorContent } from './shell/error-content';
import { TitleSync } from './shell/title-sync';
import { TwoFactorSetupRedirect } from './shell/two-factor-setup-redirect';

/**
 * The guard's notice belongs to the home page it sent the guest to: gone at the next page,
 * back to home included.
 * From inside the router, not `router.subscribe`: a subscriber added before RouterProvider's
 * own takes the first page's buffered state, and RouterProvider would never paint that page.
 */
function GuardNoticeReset() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    useGuardNotice.getState().reached(pathname === paths.home());
  }, [pathname, key]);
  return null;
}

/** The root route: tab title, scroll restoration, the guard's notice, and the layouts below. */
export function Root() {
  return (
    <>
      <TitleSync />
      <GuardNoticeReset />
      <TwoFactorSetupRedirect />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Shown while the first page's script loads: the frame of that page's layout, so the header
 * paints without waiting for the page.
 */
export function ShellFallback() {
  const layout = matchSiteRoute(window.location.pathname)?.layout ?? 'default';
  return <LayoutFrame layout={layout} />;
}

/** A page failed (or its loader threw 404 or 403): the error page inside the page's layout. */
export function RouteError() {
  const error = useRouteError();
  return (
    <ErrorContent
      notFound={isRouteErrorResponse(error) && error.status === 404}
      forbidden={isRouteErrorResponse(error) && error.status === 403}
    />
  );
}

/** Last resort when a layout itself failed. */
export function RootError() {
  const error = useRouteError();
  return (
    <>
      <TitleSync />
      <ErrorContent notFound={isRouteErrorResponse(error) && error.status === 404} />
    </>
  );
}
