import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { signToken } from '../lib/tokens';
import { createTestDatabase, testConfig } from '../test/app';
import { createTestUser } from '../test/factories';
import { currentUser, requireRole, requireUser } from './auth';

const probe: FastifyPluginAsyncZod = async (app) => {
  app.get('/whoami/', async (request) => ({ user: request.user }));
  app.get('/members/', { preHandler: requireUser }, async (request) => ({
    id: currentUser(request).id,
  }));
  app.get('/moderation/', { preHandler: requireRole('moderator') }, async () => ({ ok: true }));
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
