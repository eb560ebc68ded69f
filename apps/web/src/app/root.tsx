import { matchSiteRoute } from '@bagysh/shared';
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { LayoutFrame } from './layouts';
import { ErrorContent } from './shell/error-content';
import { TitleSync } from './shell/title-sync';

/** The root route: tab title, scroll restoration, and the layout routes below. */
export function Root() {
  return (
    <>
      <TitleSync />
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
