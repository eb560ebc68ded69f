import { useEffect } from 'react';
import { create } from 'zustand';
import { useSessionStore } from './session-store';

const useUnreadStore = create<{ unread: number }>()(() => ({ unread: 0 }));

let latest = 0;

/** Sets the badge's count (the notices page knows it from its own answer). */
export function setUnreadNotices(unread: number): void {
  latest += 1;
  useUnreadStore.setState({ unread });
}

/**
 * Asks the server how many notices the member has not read. Only the newest answer is kept;
 * the API client (and zod with it) loads only for a signed-in member, as for the moderation
 * counts (moderation-counts.ts).
 */
export function refreshUnreadNotices(): void {
  if (!useSessionStore.getState().logged) {
    useUnreadStore.setState({ unread: 0 });
    return;
  }
  const request = ++latest;
  import('./notice-count-fetch')
    .then(({ fetchUnreadNotices }) => fetchUnreadNotices())
    .then(
      (answer) => {
        if (request === latest) useUnreadStore.setState({ unread: answer.unread });
      },
      () => undefined,
    );
}

/** The member's unread notices (0 for a guest); `refresh` asks the server on mount. */
export function useUnreadNotices({ refresh = false } = {}): number {
  const logged = useSessionStore((state) => state.logged);
  const unread = useUnreadStore((state) => state.unread);
  useEffect(() => {
    if (refresh && logged) refreshUnreadNotices();
  }, [refresh, logged]);
  return logged ? unread : 0;
}
