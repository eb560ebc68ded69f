import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './app-store';
import { logout } from './logout';
import { setNavigator } from './navigation';
import { useSessionStore } from './session-store';
import { useSnackbarStore } from './snackbar-store';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  useSessionStore.getState().setSession({ access: 'a', refresh: 'r' }, { username: 'asan' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  useSessionStore.getState().clear();
  useSnackbarStore.getState().hide();
});

describe('logout (docs/product.md, Logout)', () => {
  it('ends the session on the server, clears it, notices success for 4 s and goes to /', async () => {
    const seen: { url: string; body: unknown; loading: boolean }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        seen.push({
          url: input as string,
          body: JSON.parse(init.body as string),
          loading: useAppStore.getState().isLoading,
        });
        return new Response(null, { status: 204 });
      }),
    );
    await logout();
    expect(seen).toEqual([{ url: '/api/logout/', body: { refresh: 'r' }, loading: true }]);
    expect(useAppStore.getState().isLoading).toBe(false);
    expect(useSessionStore.getState()).toMatchObject({ logged: false, token: null, user: null });
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(useSnackbarStore.getState()).toMatchObject({
      isVisible: true,
      message: 'notices.success',
      timeout: 4000,
      color: 'success',
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/', undefined));
  });

  it('on a failure shows the error message in the secondary colour for 4 s, then /', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'server down' }), { status: 500 })),
    );
    await logout();
    expect(useSessionStore.getState().logged).toBe(false);
    expect(useSnackbarStore.getState()).toMatchObject({
      isVisible: true,
      message: 'server down',
      timeout: 4000,
      color: 'secondary',
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/', undefined));
  });
});
