import { afterEach, describe, expect, it } from 'vitest';
import { useGuardNotice } from '../lib/guard-notice';
import { useSessionStore } from '../lib/session-store';
import { accessLoader } from './guards';
// The guard fetches the home page's notice chunk without waiting; loaded here first, that import
// is done before the file ends (otherwise it loads after Vitest's teardown and fails the run).
import './routes/home-guard-notice';

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

afterEach(() => {
  useSessionStore.getState().clear();
  useGuardNotice.setState({ next: null, arriving: false });
});

describe('route guard (docs/product.md, Route guard: guests go to /)', () => {
  it('sends a guest from a page that needs login to /, noting the page to come back to', async () => {
    expect(await run('login')).toBe('redirect 302 /');
    expect(useGuardNotice.getState().next).toBe('/files?category=2');
  });

  it("keeps the notice for the guard's arrival at home only: gone at the next page, home too", async () => {
    const notice = useGuardNotice.getState;
    for (const next of [true, false]) {
      await run('login');
      notice().reached(true);
      expect(notice().next).toBe('/files?category=2');
      notice().reached(next);
      expect(notice().next).toBeNull();
    }
  });

  it('lets a signed-in visitor in, with no notice', async () => {
    useSessionStore.getState().setSession({ access: 'a', refresh: 'r' });
    expect(await run('login')).toBe('render');
    expect(useGuardNotice.getState().next).toBeNull();
  });

  it('sends a signed-in visitor away from /login, to /', async () => {
    useSessionStore.getState().setSession({ access: 'a', refresh: 'r' });
    expect(await run('guest')).toBe('redirect 302 /');
  });

  it('lets a guest open /login, and everyone a public page', async () => {
    expect(await run('guest')).toBe('render');
    expect(await run('public')).toBe('no guard');
  });

  it('refuses a staff page to a member with 403, lets moderators in, and guests to /', async () => {
    expect(await run('login', 'moderator')).toBe('redirect 302 /');
    useSessionStore.getState().setSession({ access: 'a', refresh: 'r' }, { id: 1, role: 'user' });
    expect(await run('login', 'moderator')).toBe('error 403');
    useSessionStore.getState().setUser({ id: 1, role: 'moderator' });
    expect(await run('login', 'moderator')).toBe('render');
    useSessionStore.getState().setUser({ id: 1, role: 'admin' });
    expect(await run('login', 'moderator')).toBe('render');
  });
});
