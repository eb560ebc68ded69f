import { useEffect } from 'react';
import { create } from 'zustand';

const usePageTitleStore = create<{ title: string | null }>()(() => ({ title: null }));

/**
 * Replaces the route's tab title while the calling page is shown: view pages pass the loaded
 * item's title (an article, a news item), error pages their heading. Undefined keeps the route's.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.setState({ title });
    return () => usePageTitleStore.setState({ title: null });
  }, [title]);
}

/** The title a page has set, if any. */
export function usePageTitleOverride(): string | null {
  return usePageTitleStore((state) => state.title);
}
