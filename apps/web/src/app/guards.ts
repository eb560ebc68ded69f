import type { SiteAccess } from '@bagysh/shared';
import { redirect, type LoaderFunction } from 'react-router';
import { paths } from '../config/paths';
import { useSessionStore } from '../lib/session-store';

/**
 * The route guard of spec §6, run before a page loads: without an access token a page that
 * needs login sends the visitor to /, and a signed-in visitor opening /login goes to /.
 * The server checks every request on its own; this only keeps visitors off empty pages.
 */
export function accessLoader(
  access: SiteAccess,
  /** Where a guest goes instead of / (the issue sends guests from /profile to /login). */
  guestTarget: string = paths.home(),
): LoaderFunction | undefined {
  if (access === 'public') return undefined;
  return () => {
    const { logged } = useSessionStore.getState();
    if (access === 'login' && !logged) return redirect(guestTarget);
    if (access === 'guest' && logged) return redirect(paths.home());
    return null;
  };
}
