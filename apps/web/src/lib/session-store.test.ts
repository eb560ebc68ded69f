import { afterEach, describe, expect, it, vi } from 'vitest';
import { userDisplayName } from './session-store';

async function freshStore(stored: Record<string, string>) {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  vi.resetModules();
  return (await import('./session-store')).useSessionStore;
}

afterEach(() => localStorage.clear());

describe('session store (docs/product.md, Session)', () => {
  it('is a guest without a stored token', async () => {
    const store = await freshStore({ user: '{"username":"asan"}' });
    expect(store.getState()).toMatchObject({ logged: false, token: null, user: null });
  });

  it('is signed in when localStorage "access-token" holds a token pair', async () => {
    const store = await freshStore({
      'access-token': '{"access":"a.b.c","refresh":"r.s.t"}',
      user: '{"username":"asan"}',
    });
    expect(store.getState()).toMatchObject({
      logged: true,
      token: { access: 'a.b.c', refresh: 'r.s.t' },
      user: { username: 'asan' },
    });
  });

  it.each(['not json', '{}', '{"access":""}', '"a.b.c"', 'null'])(
    'ignores a malformed token %j',
    async (value) => {
      expect((await freshStore({ 'access-token': value })).getState().logged).toBe(false);
    },
  );

  it('stores a new session and clears it again', async () => {
    const store = await freshStore({});
    store.getState().setSession({ access: 'a', refresh: 'r' }, { username: 'asan' });
    expect(store.getState().logged).toBe(true);
    expect(JSON.parse(localStorage.getItem('access-token') ?? 'null')).toEqual({
      access: 'a',
      refresh: 'r',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({ username: 'asan' });

    store.getState().clear();
    expect(store.getState()).toMatchObject({ logged: false, token: null, user: null });
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('names a user by the first name field that is set', () => {
    expect(userDisplayName({ username: ' asan ' })).toBe('asan');
    expect(userDisplayName({ username: '', first_name: 'Асан' })).toBe('Асан');
    expect(userDisplayName({ id: 3 })).toBeNull();
    expect(userDisplayName(null)).toBeNull();
  });
});
