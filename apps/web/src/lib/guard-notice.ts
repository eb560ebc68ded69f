import { create } from 'zustand';

interface GuardNoticeState {
  /** The page a guest asked for and was sent home from (path and query), or null. */
  next: string | null;
  /** Set by the guard, until the home page it sent the guest to has been reached. */
  arriving: boolean;
  show(next: string): void;
  /** A page was reached: the notice stays for the guard's arrival at home only. */
  reached(home: boolean): void;
}

/**
 * The route guard's word to the home page (docs/product.md, Route guard): a guest who opened a
 * members' page lands on `/` as the original product did, and the home page says why, with a
 * sign-in button that comes back to that page. Kept in memory, not in the address: `/` stays
 * `/`, and the notice is gone once the guest goes anywhere else, back to home included, or
 * reloads.
 */
export const useGuardNotice = create<GuardNoticeState>((set, get) => ({
  next: null,
  arriving: false,
  show: (next) => set({ next, arriving: true }),
  reached: (home) => {
    if (home && get().arriving) set({ arriving: false });
    else if (get().next !== null) set({ next: null, arriving: false });
  },
}));
