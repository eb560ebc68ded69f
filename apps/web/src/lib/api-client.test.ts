import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, refreshSession, withFreshToken } from './api-client';
import { setNavigator } from './navigation';
import { useSessionStore } from './session-store';

/** A small fake of the API: `data/` needs a valid access token, refresh rotates the pair. */
function fakeServer(options: { refreshStatus?: number } = {}) {
  let generation = 1;
  const calls: { path: string; auth: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = (input as string).replace(/^\/api\//, '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const auth = headers.Authorization ?? null;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, auth, body });
    // Let concurrent requests overlap like real network calls.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (path === 'token/refresh/') {
      if (options.refreshStatus) return json(options.refreshStatus, { detail: 'none' });
      const { refresh } = body as { refresh: string };
      if (refresh !== `refresh-${generation}`) return json(401, { detail: 'invalid' });
      generation += 1;
      return json(200, { access: `access-${generation}`, refresh: `refresh-${generation}` });
    }
    if (path === 'login/') return json(401, { detail: 'wrong' });
    if (auth !== `Bearer access-${generation}`) return json(401, { detail: 'expired' });
    return json(200, { ok: true, path });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const navigate = vi.fn();

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  setNavigator(navigate);
  // The stored access token is stale: the server is at generation 1 only for `refresh-1`.
  useSessionStore.getState().setSession(
    { access: 'expired', refresh: 'refresh-1' },
    {
      username: 'asan',
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  useSessionStore.getState().clear();
});

describe('api client token refresh (docs/product.md, Token refresh)', () => {
  it('refreshes once for five concurrent 401s and retries each with the new token', async () => {
    const server = fakeServer();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => api<{ ok: boolean }>(`data/${n}/`)),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const refreshes = server.calls.filter((call) => call.path === 'token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ access: 'expired', refresh: 'refresh-1' });
    const retries = server.calls.filter((call) => call.auth === 'Bearer access-2');
    expect(retries).toHaveLength(5);
    // Each request was sent at most twice: once refused, once retried.
    for (const n of [1, 2, 3, 4, 5]) {
      expect(server.calls.filter((call) => call.path === `data/${n}/`)).toHaveLength(2);
    }
    expect(useSessionStore.getState().token).toEqual({
      access: 'access-2',
      refresh: 'refresh-2',
    });
    expect(JSON.parse(localStorage.getItem('access-token') ?? '{}')).toEqual({
      access: 'access-2',
      refresh: 'refresh-2',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs out and goes to / when the refresh call answers 401', async () => {
    const server = fakeServer({ refreshStatus: 401 });
    const results = await Promise.allSettled([api('data/1/'), api('data/2/')]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    const reason = (results[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.status).toBe(401);
    expect(server.calls.filter((call) => call.path === 'token/refresh/')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ logged: false, token: null, user: null });
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    // Nothing was retried after the failed refresh.
    expect(server.calls.filter((call) => call.path.startsWith('data/'))).toHaveLength(2);
  });

  it('goes to / when the refresh call answers 422', async () => {
    fakeServer({ refreshStatus: 422 });
    await expect(api('data/1/')).rejects.toMatchObject({ status: 422 });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('never retries a request more than once', async () => {
    // The refresh succeeds but the server still refuses the new token.
    const server = fakeServer();
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = (input as string).replace(/^\/api\//, '');
      server.calls.push({ path, auth: null, body: undefined });
      if (path === 'token/refresh/')
        return new Response(JSON.stringify({ access: 'a2', refresh: 'r2' }), { status: 200 });
      return new Response(JSON.stringify({ detail: 'none' }), { status: 401 });
    });
    await expect(api('data/1/')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((call) => call.path)).toEqual(['data/1/', 'token/refresh/', 'data/1/']);
  });

  it('never refreshes for login, register and refresh calls, nor for guests', async () => {
    const server = fakeServer();
    await expect(
      api('login/', { method: 'POST', body: { username: 'a', password: 'b' } }),
    ).rejects.toMatchObject({ status: 401, message: 'wrong' });
    useSessionStore.getState().clear();
    await expect(api('data/1/')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((call) => call.path)).toEqual(['login/', 'data/1/']);
  });

  it('does not refresh again when the token was already renewed', async () => {
    const server = fakeServer();
    await refreshSession('expired');
    await refreshSession('expired');
    expect(server.calls.filter((call) => call.path === 'token/refresh/')).toHaveLength(1);
  });

  it('withFreshToken retries a non-fetch request once with the new token', async () => {
    fakeServer();
    const seen: string[] = [];
    const answer = await withFreshToken(async (headers) => {
      seen.push(headers.Authorization ?? '');
      if (headers.Authorization !== 'Bearer access-2') throw new ApiError(401, { detail: 'x' });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual(['Bearer expired', 'Bearer access-2']);
  });
});

describe('api client headers (docs/product.md, Token refresh)', () => {
  it('sends the JSON content type on every request, bodiless GET, DELETE and POST included', async () => {
    const seen: { method: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        seen.push({
          method: init.method ?? 'GET',
          headers: (init.headers ?? {}) as Record<string, string>,
        });
        return new Response(null, { status: 204 });
      }),
    );
    useSessionStore.getState().setSession({ access: 'token-1', refresh: 'refresh-1' });
    await api('data/');
    await api('data/1/', { method: 'DELETE' });
    await api('data/1/finish/', { method: 'POST' });
    await api('data/', { method: 'POST', body: { a: 1 } });
    useSessionStore.getState().clear();
    await api('data/');
    expect(seen.map((call) => [call.method, call.headers['Content-Type']])).toEqual([
      ['GET', 'application/json'],
      ['DELETE', 'application/json'],
      ['POST', 'application/json'],
      ['POST', 'application/json'],
      ['GET', 'application/json'],
    ]);
    expect(seen.map((call) => call.headers.Authorization ?? null)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-1',
      null,
    ]);
  });

  it('lets a multipart body carry its own content type', async () => {
    let headers: Record<string, string> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        headers = (init.headers ?? {}) as Record<string, string>;
        return new Response(null, { status: 204 });
      }),
    );
    await api('files/', { method: 'POST', body: new FormData() });
    expect(headers['Content-Type']).toBeUndefined();
  });
});
