import type { Category, Poll } from '@bagysh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp } from '../test/app';
import { createTestUser, type TestUser } from '../test/factories';

// The web client sends the JSON content type on every request (docs/product.md, Token
// refresh), bodiless ones included: the server must take those as requests without a body.

let app: App;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
});
afterAll(() => app.close());

const jsonHeaders = () => ({ ...moderator.headers, 'content-type': 'application/json' });

describe('a bodiless request with Content-Type: application/json', () => {
  it('GET answers as without the header', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/categories/',
      headers: jsonHeaders(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('DELETE deletes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/categories/',
      headers: jsonHeaders(),
      payload: { name: 'Жок болчу', kind: 'news' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Category>();
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/categories/${id}/`,
      headers: jsonHeaders(),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await app.inject({ url: `/api/categories/${id}/`, headers: moderator.headers });
    expect(after.statusCode).toBe(404);
  });

  it('POST without a body runs the action', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/polls/',
      headers: jsonHeaders(),
      payload: { question: 'Жыйын качан?', options: ['Жайында', 'Күзүндө'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Poll>();
    const finished = await app.inject({
      method: 'POST',
      url: `/api/polls/${id}/finish/`,
      headers: jsonHeaders(),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<Poll>().status).toBe('finished');
  });

  it('POST without a body to a route that needs one is a field error, not a parse error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/categories/',
      headers: jsonHeaders(),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<Record<string, unknown>>())).not.toContain('detail');
  });

  it('a broken or poisoned JSON body is still refused', async () => {
    for (const payload of ['{"name":', '{"__proto__":{"x":1},"name":"a","kind":"news"}']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/categories/',
        headers: jsonHeaders(),
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ detail: 'Сурамдын JSON түзүлүшү туура эмес.' });
    }
  });
});
