import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';

// Requested at start, in parallel with the first page's script: only pages use server state,
// so the header and footer paint without it.
const queryProvider = import('./query-provider');
const QueryProvider = lazy(() => queryProvider);

/** Where a layout shows its page, inside the server-state cache. */
export function PageOutlet() {
  return (
    <Suspense fallback={null}>
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </Suspense>
  );
}
