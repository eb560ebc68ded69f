import { RevisionListSchema } from '@bagysh/shared';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { isModerator } from '../lib/format';

/**
 * How many person proposals wait for review: a number for moderators and admins, null for
 * everyone else (no request is made). Fetched when the component mounts (the user menu's popup,
 * each time it opens). Plain fetch, no TanStack Query: the header is outside the pages' query
 * provider. Small on purpose: the user menu imports it.
 */
export function usePendingCount(): number | null {
  const user = useSessionStore((state) => state.user);
  const moderator = isModerator(user);
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!moderator) return;
    const controller = new AbortController();
    api('revisions/', {
      query: { status: 'pending', page_size: 1 },
      signal: controller.signal,
      schema: RevisionListSchema,
    }).then(
      (answer) => setCount(answer.count),
      () => setCount(null),
    );
    return () => controller.abort();
  }, [moderator]);
  return moderator ? count : null;
}
