import { create } from 'zustand';
import { STORAGE_KEYS } from '../config/constants';
import { storage } from './storage';

/** The token pair kept in localStorage `access-token` (docs/product.md, Session). */
export interface TokenPair {
  access: string;
  refresh: string;
}

/**
 * The signed-in user as kept in localStorage `user`. The accounts feature owns its shape;
 * the shell only reads a display name from it.
 */
export type SessionUser = Readonly<Record<string, unknown>>;

function parseToken(value: unknown): TokenPair | null {
  if (typeof value !== 'object' || value === null) return null;
  const { access, refresh } = value as Record<string, unknown>;
  if (typeof access !== 'string' || access === '') return null;
  return { access, refresh: typeof refresh === 'string' ? refresh : '' };
}

function parseUser(value: unknown): SessionUser | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as SessionUser)
    : null;
}

function readStored() {
  const token = parseToken(storage.getJson(STORAGE_KEYS.accessToken));
  const user = token ? parseUser(storage.getJson(STORAGE_KEYS.user)) : null;
  return { token, user, logged: token !== null };
}

interface SessionState {
  token: TokenPair | null;
  user: SessionUser | null;
  /** True when an access token is stored (docs/product.md, Session). */
  logged: boolean;
  /** Stores the token pair (and the user, when known): the visitor becomes signed in. */
  setSession: (token: TokenPair, user?: SessionUser | null) => void;
  setUser: (user: SessionUser | null) => void;
  /** Removes the stored token and user: the visitor becomes a guest. */
  clear: () => void;
}

/** The session the shell needs: who is signed in. The API calls are the accounts feature's. */
export const useSessionStore = create<SessionState>()((set, get) => ({
  ...readStored(),
  setSession: (token, user = get().user) => {
    storage.set(STORAGE_KEYS.accessToken, JSON.stringify(token));
    if (user) storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    set({ token, user, logged: true });
  },
  setUser: (user) => {
    if (user) storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    else storage.remove(STORAGE_KEYS.user);
    set({ user });
  },
  clear: () => {
    storage.remove(STORAGE_KEYS.accessToken);
    storage.remove(STORAGE_KEYS.user);
    set({ token: null, user: null, logged: false });
  },
}));

/** Re-reads the session after another tab signed in or out. */
export function reloadSessionFromStorage(): void {
  useSessionStore.setState(readStored());
}

/** The name the header shows for a user: the full name, else the first other name field set. */
export function userDisplayName(user: SessionUser | null): string | null {
  if (!user) return null;
  for (const key of ['full_name', 'username', 'name', 'first_name', 'email']) {
    const value = user[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** The user's avatar image URL (`avatar` of the accounts API), if set. */
export function userAvatar(user: SessionUser | null): string | null {
  const value = user?.avatar;
  return typeof value === 'string' && value !== '' ? value : null;
}
