import { startTransition, useEffect, useState } from 'react';

export interface Fetched<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => void;
}

/**
 * Server state for a page drawn without TanStack Query (config/plain-pages.ts: the landing
 * page, whose first paint does not load it: the first-paint budget): one GET once mounted, again
 * on `refetch` (a failed load's retry). No cache: the page asks again each time it is opened.
 * `key` names what `fetch` asks for: a new function with the same key asks nothing new.
 */
export function useFetched<T>(key: string, fetch: (signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    attempt: number;
    data?: T;
    error?: unknown;
  }>();
  useEffect(() => {
    const controller = new AbortController();
    // As a transition: what the answer draws is rendered in slices between the browser's
    // frames, not in one task (Total Blocking Time on a slow phone).
    const show = (next: NonNullable<typeof result>) => startTransition(() => setResult(next));
    fetch(controller.signal).then(
      (data) => show({ key, attempt, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) show({ key, attempt, error: error ?? 'failed' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `fetch` (above)
  }, [key, attempt]);
  const current = result?.key === key && result.attempt === attempt ? result : undefined;
  return {
    data: current?.data,
    error: current?.error,
    isError: current?.error !== undefined,
    refetch: () => setAttempt((count) => count + 1),
  };
}
