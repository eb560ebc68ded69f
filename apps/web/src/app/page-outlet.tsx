import type { SiteRouteId } from '@bagysh/shared';
import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PLAIN_PAGES } from '../config/plain-pages';
import { Provided } from '../lib/providers';

/**
 * Where a layout shows its page: inside MUI's theme and the server-state cache, but for the
 * pages drawn without them (config/plain-pages.ts). The header and footer paint without either.
 */
export function PageOutlet() {
  const plain = useMatches().some((match) => PLAIN_PAGES.has(match.id as SiteRouteId));
  return plain ? (
    <Outlet />
  ) : (
    <Suspense fallback={null}>
      <Provided>
        <Outlet />
      </Provided>
    </Suspense>
  );
}
