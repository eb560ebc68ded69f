import { roleAllows, type SiteAccess, type SiteRole } from '@bagysh/shared';
import { redirect, type LoaderFunction } from 'react-router';
import { paths } from '../config/paths';
import { useGuardNotice } from '../lib/guard-notice';
import { useSessionStore } from '../lib/session-store';

/** /login?next=…: the login page that returns to `next` (a path of this site) afterwards. */
export function loginHref(next: string): string {
  return `${paths.login()}?${new URLSearchParams({ next })}`;
}

/**
 * The route guard, run before a page loads (docs/product.md, Route guard): without an access
 * token a page that needs login sends the visitor to /, where a notice says why and offers a
 * sign-in that returns to the page asked for; a signed-in visitor opening /login goes to /; a
 * member opening a staff page (`role`) gets the 403 error page. The server checks every request
 * on its own; this only keeps visitors off empty pages.
 */
export function accessLoader(access: SiteAccess, role?: SiteRole): LoaderFunction | undefined {
  if (access === 'public') return undefined;
  return ({ request }) => {
    const { logged, user } = useSessionStore.getState();
    if (access === 'login' && !logged) {
      const url = new URL(request.url);
      useGuardNotice.getState().show(url.pathname + url.search);
      // The home page's notice has a chunk of its own: fetched while the redirect runs.
      void import('./routes/home-guard-notice');
      return redirect(paths.home());
    }
    if (access === 'login' && !roleAllows(user?.role, role)) {
      // React Router's way: a thrown Response becomes the route's error response (403).
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw new Response(null, { status: 403 });
    }
    if (access === 'guest' && logged) return redirect(paths.home());
    return null;
  };
}
