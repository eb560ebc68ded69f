import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { accessLoader } from './guards';

const args = {
  request: new Request('http://localhost/files?category=2'),
  params: {},
  context: {},
} as unknown as Parameters<NonNullable<ReturnType<typeof accessLoader>>>[0];

async function run(access: 'public' | 'login' | 'guest') {
  const loader = accessLoader(access);
  if (!loader) return 'no guard';
  const result: unknown = await loader(args, undefined);
  return result instanceof Response
    ? `redirect ${result.status} ${result.headers.get('Location')}`
    : 'render';
}

afterEach(() => useSessionStore.getState().clear());

describe('route guard (spec §6, issue: guests go to /login)', () => {
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
});
