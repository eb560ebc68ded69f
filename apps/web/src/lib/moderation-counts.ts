import type { ModerationCounts } from '@bagysh/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useSessionStore, type SessionUser } from './session-store';

const useCountsStore = create<{ counts: ModerationCounts | null }>()(() => ({ counts: null }));

/** Staff, and a branch steward (their branches' proposals only: docs/features.md). */
function canModerate(user: SessionUser | null): boolean {
  return user?.role === 'moderator' || user?.role === 'admin' || user?.is_steward === true;
}

let latest = 0;

/**
 * Asks the server how many items wait for a moderator (after a review, or when a header or
 * the moderation page mounts). Only the newest answer is kept; nothing is asked for others.
 */
export function refreshModerationCounts(): void {
  if (!canModerate(useSessionStore.getState().user)) {
    useCountsStore.setState({ counts: null });
    return;
  }
  const request = ++latest;
  // The header is in the landing page's first JavaScript: the API client and the schema
  // (zod with it) are loaded only when a moderator needs the counts.
  import('./moderation-counts-fetch')
    .then(({ fetchModerationCounts }) => fetchModerationCounts())
    .then(
      (counts) => {
        if (request === latest) useCountsStore.setState({ counts });
      },
      () => {
        if (request === latest) useCountsStore.setState({ counts: null });
      },
    );
}

/**
 * What waits for review, by kind and in total, for moderators, admins and branch stewards
 * (null for everyone else). `refresh` asks the server when the component mounts. A plain store, not TanStack
 * Query: the header is outside the pages' query provider.
 */
export function useModerationCounts({ refresh = false } = {}): ModerationCounts | null {
  const moderator = useSessionStore((state) => canModerate(state.user));
  const counts = useCountsStore((state) => state.counts);
  useEffect(() => {
    if (refresh && moderator) refreshModerationCounts();
  }, [refresh, moderator]);
  return moderator ? counts : null;
}
