import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { users } from '../db/schema';
import { signToken } from '../lib/tokens';
import { createTestDatabase, testConfig } from '../test/app';
import { createTestUser } from '../test/factories';
import { currentUser, requireRole, requireUser } from './auth';

const probe: FastifyPluginAsyncZod = async (app) => {
  app.get('/whoami/', async (request) => ({ user: request.user }));
  app.get('/members/', { onRequest: requireUser }, async (request) => ({
    id: currentUser(request).id,
  }));
  app.get('/moderation/', { onRequest: requireRole('moderator') }, async () => ({ ok: true }));
};

let app: App;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    database: await createTestDatabase(),
    logger: false,
  });
  await app.register(probe, { prefix: '/api' });
  await app.ready();
});
afterAll(() => app.close());

describe('auth plugin', () => {
  it('treats a request without a token as a guest', async () => {
    const response = await app.inject({ url: '/api/whoami/' });
    expect(response.json()).toEqual({ user: null });
    expect((await app.inject({ url: '/api/members/' })).statusCode).toBe(401);
  });

  it('identifies the user of a valid access token', async () => {
    const user = await createTestUser(app, { role: 'moderator' });
    const response = await app.inject({ url: '/api/whoami/', headers: user.headers });
    expect(response.json()).toEqual({
      user: { id: user.id, username: user.username, role: 'moderator' },
    });
  });

  it('answers 401 for a forged, expired or refresh token', async () => {
    const user = await createTestUser(app);
    const forged = await signToken(
      'another-secret-another-secret-123',
      { sub: user.id, typ: 'access' },
      60,
    );
    const expired = await signToken(
      app.config.jwtSecret ?? '',
      { sub: user.id, typ: 'access' },
      -10,
    );
    const refresh = await signToken(
      app.config.jwtSecret ?? '',
      { sub: user.id, typ: 'refresh' },
      60,
    );
    for (const token of [forged.token, expired.token, refresh.token, 'garbage']) {
      const response = await app.inject({
        url: '/api/whoami/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('accepts an access token of the current generation only', async () => {
    const user = await createTestUser(app);
    await app.db.update(users).set({ tokenGeneration: 3 }).where(eq(users.id, user.id));
    const whoami = async (gen: unknown) => {
      const { token } = await signToken(
        app.config.jwtSecret ?? '',
        { sub: user.id, typ: 'access', gen: gen as number },
        60,
      );
      return app.inject({ url: '/api/whoami/', headers: { authorization: `Bearer ${token}` } });
    };
    expect((await whoami(3)).json()).toMatchObject({ user: { id: user.id } });
    // Older (a token from before a logout), absent (= 0), newer, or not a number.
    for (const gen of [2, undefined, 4, '3']) {
      const response = await whoami(gen);
      expect(response.statusCode, String(gen)).toBe(401);
      expect(response.json()).toEqual({ detail: 'Токен жараксыз же мөөнөтү бүткөн.' });
    }
  });

  it('refuses a blocked user', async () => {
    const user = await createTestUser(app, { isActive: false });
    expect((await app.inject({ url: '/api/members/', headers: user.headers })).statusCode).toBe(
      401,
    );
  });

  it('checks roles: user 403, moderator and admin allowed', async () => {
    const member = await createTestUser(app);
    const moderator = await createTestUser(app, { role: 'moderator' });
    const admin = await createTestUser(app, { role: 'admin' });
    expect(
      (await app.inject({ url: '/api/moderation/', headers: member.headers })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: '/api/moderation/', headers: moderator.headers })).statusCode,
    ).toBe(200);
    expect((await app.inject({ url: '/api/moderation/', headers: admin.headers })).statusCode).toBe(
      200,
    );
  });
});

describe('route guards', () => {
  // The guards run on request, before the body is read or validated: a guest never learns
  // what a valid body looks like, and an upload is refused before it is streamed.
  const writes = [
    { method: 'POST', url: '/api/persons/', role: 'user' },
    { method: 'POST', url: '/api/polls/', role: 'moderator' },
    { method: 'POST', url: '/api/categories/', role: 'moderator' },
    { method: 'POST', url: '/api/news/', role: 'moderator' },
    { method: 'PUT', url: '/api/pages/about/', role: 'admin' },
    { method: 'POST', url: '/api/files/', role: 'user' },
    { method: 'PATCH', url: '/api/user/', role: 'user' },
  ] as const;

  it('answers a guest 401, not 400, whatever the body', async () => {
    for (const { method, url } of writes) {
      const response = await app.inject({ method, url, payload: { bogus: ['x'] } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers a member 403 on moderators’ and admins’ routes, whatever the body', async () => {
    const member = await createTestUser(app);
    for (const { method, url } of writes.filter((write) => write.role !== 'user')) {
      const response = await app.inject({
        method,
        url,
        headers: member.headers,
        payload: { bogus: ['x'] },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
