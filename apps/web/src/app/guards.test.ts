import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { accessLoader } from './guards';

const args = {
  request: new Request('http://localhost/files?category=2'),
  params: {},
  context: {},
} as unknown as Parameters<NonNullable<ReturnType<typeof accessLoader>>>[0];

async function run(access: 'public' | 'login' | 'guest', role?: 'moderator') {
  const loader = accessLoader(access, role);
  if (!loader) return 'no guard';
  let result: unknown;
  try {
    result = await loader(args, undefined);
  } catch (error) {
    // A thrown Response: React Router shows it as the route's error response.
    return error instanceof Response ? `error ${error.status}` : 'threw';
  }
  return result instanceof Response
    ? `redirect ${result.status} ${result.headers.get('Location')}`
    : 'render';
}

afterEach(() => useSessionStore.getState().clear());

describe('route guard (docs/product.md, Route guard: guests go to /login)', () => {
  it('sends a guest from a page that needs login to /login, to come back after', async () => {
    expect(await run('login')).toBe('redirect 302 /login?next=%2Ffiles%3Fcategory%3D2');
  });

  it('lets a signed-in visitor in', async () => {
    useSessionStore.getState().setSession({ access: 'a', refresh: 'r' });
    expect(await run('login')).toBe('render');
  });

  it('sends a signed-in visitor away from /login, to /', async () => {
    useSessionStore.getState().setSession({ access: 'a', refresh: 'r' });
    expect(await run('guest')).toBe('redirect 302 /');
  });

  it('lets a guest open /login, and everyone a public page', async () => {
    expect(await run('guest')).toBe('render');
    expect(await run('public')).toBe('no guard');
  });

  it('refuses a staff page to a member with 403, lets moderators in, and guests to /login', async () => {
    expect(await run('login', 'moderator')).toBe(
      'redirect 302 /login?next=%2Ffiles%3Fcategory%3D2',
    );
    useSessionStore.getState().setSession({ access: 'a', refresh: 'r' }, { id: 1, role: 'user' });
    expect(await run('login', 'moderator')).toBe('error 403');
    useSessionStore.getState().setUser({ id: 1, role: 'moderator' });
    expect(await run('login', 'moderator')).toBe('render');
    useSessionStore.getState().setUser({ id: 1, role: 'admin' });
    expect(await run('login', 'moderator')).toBe('render');
  });
});
