import { roleAllows, type SiteAccess, type SiteRole } from '@bagysh/shared';
import { redirect, type LoaderFunction } from 'react-router';
import { paths } from '../config/paths';
import { useSessionStore } from '../lib/session-store';

/** /login?next=… for a guest who opened `url`: the login page says why and comes back after. */
export function loginHref(url: URL): string {
  return `${paths.login()}?${new URLSearchParams({ next: url.pathname + url.search })}`;
}

/**
 * The route guard, run before a page loads: without an access token a page that needs login
 * sends the visitor to /login, which explains why and returns to the page afterwards (rather
 * than the original product's silent /: a guest following a shared link was lost on the home page);
 * a signed-in visitor opening /login goes to /; a member opening a staff page (`role`) gets the
 * 403 error page. The server checks every request on its own; this only keeps visitors off
 * empty pages.
 */
export function accessLoader(access: SiteAccess, role?: SiteRole): LoaderFunction | undefined {
  if (access === 'public') return undefined;
  return ({ request }) => {
    const { logged, user } = useSessionStore.getState();
    if (access === 'login' && !logged) return redirect(loginHref(new URL(request.url)));
    if (access === 'login' && !roleAllows(user?.role, role)) {
      // React Router's way: a thrown Response becomes the route's error response (403).
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw new Response(null, { status: 403 });
    }
    if (access === 'guest' && logged) return redirect(paths.home());
    return null;
  };
}
