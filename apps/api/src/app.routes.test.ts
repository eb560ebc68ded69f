import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from './app';
import { HttpError } from './lib/http-errors';
import { createTestDatabase, testConfig } from './test/app';

// Routes that exist only in this test, to exercise the shared conventions.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/',
    {
      schema: {
        body: z.object({
          name: z.string().min(2),
          age: z.number().int(),
          tags: z.array(z.string().max(3)).optional(),
        }),
      },
    },
    async (request) => ({ ok: true, name: request.body.name }),
  );
  app.get('/probe/conflict/', async () => {
    throw new HttpError(409, 'Өзгөртүлгөн.');
  });
  app.get('/probe/crash/', async () => {
    throw new Error('secret internal detail');
  });
};

function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bagysh-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Багыш</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

let app: App;

beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ bodyLimitBytes: 2048, webDistDir: makeWebDist() }),
    database,
    logger: false,
  });
  await app.register(probeRoutes, { prefix: '/api' });
  await app.ready();
});
afterAll(() => app.close());

describe('health', () => {
  it('answers ok with the database kind, with and without the trailing slash', async () => {
    for (const url of ['/api/health/', '/api/health']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'ok',
        database: { status: 'ok', kind: app.database.kind },
      });
    }
  });
});

describe('error shapes', () => {
  it('answers a validation failure with Kyrgyz messages per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { name: 'A', tags: ['long-tag'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['Кеминде 2 белги болушу керек.'],
      age: ['Милдеттүү талаа.'],
      'tags.0': ['3 белгиден ашпашы керек.'],
    });
  });

  it('puts errors about the whole body under non_field_errors', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['non_field_errors']);
  });

  it('accepts a valid body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'Асан', age: 30 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, name: 'Асан' });
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Сурамдын JSON түзүлүшү туура эмес.' });
  });

  it('answers an oversized body with 413 and a detail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Сурамдын көлөмү өтө чоң.' });
  });

  it('answers an unknown /api/ route with a 404 JSON detail, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing/' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: 'Табылган жок.' });
    }
  });

  it('answers a service HttpError with its status and detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/conflict/' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Өзгөртүлгөн.' });
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/crash/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Ката кетти. Кайра аракет кылыңыз.' });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts:');
  });
});

describe('headers', () => {
  it('sends security headers and a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a request id given by a proxy', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

describe('web app', () => {
  it('falls back to index.html, uncached, for a deep client route', async () => {
    const response = await app.inject({ method: 'GET', url: '/person-articles?q=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves / as index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(document.paths['/api/health/']).toBeDefined();
  });

  it('serves a browsable page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
