import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PLAIN_PAGES } from '../config/plain-pages';
import { Themed } from '../lib/themed';

// Requested at start, in parallel with the first page's script: only pages use server state,
// so the header and footer paint without it.
const queryProvider = import('./query-provider');
const QueryProvider = lazy(() => queryProvider);

/**
 * Where a layout shows its page, inside the server-state cache and, but for the pages drawn
 * without MUI (config/plain-pages.ts), MUI's theme.
 */
export function PageOutlet() {
  const plain = useMatches().some((match) => PLAIN_PAGES.has(match.id as never));
  return (
    <Suspense fallback={null}>
      <QueryProvider>
        {plain ? (
          <Outlet />
        ) : (
          <Themed>
            <Outlet />
          </Themed>
        )}
      </QueryProvider>
    </Suspense>
  );
}
