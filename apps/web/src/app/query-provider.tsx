import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Retries a failed load up to three times, except when the server has answered a client
 * error (404, 403, 400…): asking again gives the same answer, and the visitor would watch a
 * placeholder for seconds before "Табылган жок." 408 and 429 are worth another try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // Duck-typed rather than `instanceof ApiError`: this module is in the landing page's bundle.
  const status = (error as { status?: unknown } | null)?.status;
  if (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    status !== 408 &&
    status !== 429
  )
    return false;
  return failureCount < 3;
}

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: shouldRetry } },
});

/** TanStack Query's cache for the pages' server state. */
export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
