import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { errorMessages } from '../lib/http-errors';
import { multipartBody } from '../modules/files/test/fixtures';
import { createTestApp } from '../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../test/factories';
import { inputGuardMessages } from './input-guard';

const bad = [inputGuardMessages.badCharacters];
const json = { 'content-type': 'application/json' };

let app: App;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
});

describe('input guard', () => {
  it('answers 400 naming the query parameter that holds U+0000', async () => {
    const files = await app.inject({ url: '/api/files/?q=%00' });
    expect(files.statusCode).toBe(400);
    expect(files.json()).toEqual({ q: bad });

    const news = await app.inject({ url: '/api/news/?category=a%00b&page=1' });
    expect(news.statusCode).toBe(400);
    expect(news.json()).toEqual({ category: bad });

    // A repeated key is named by the key; a bad key itself is not echoed back.
    const repeated = await app.inject({ url: '/api/files/?q=a&q=%00&%00=1' });
    expect(repeated.json()).toEqual({ q: bad, non_field_errors: bad });
  });

  it('answers 400 for U+0000 in a path parameter', async () => {
    const response = await app.inject({ url: '/api/persons/%00/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: bad });
  });

  it('answers 400 for U+0000 or a lone surrogate in a JSON field, before any lookup', async () => {
    const nul = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: 'a\u0000', password: 'whatever-password' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ username: bad });

    // Written as JSON escapes: no encoder would produce them from a string.
    const surrogate = await app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: json,
      payload: '{"username":"A\\ud800","password":"whatever-password"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ username: bad });

    const lowSurrogate = await app.inject({
      method: 'POST',
      url: '/api/register/',
      headers: json,
      payload: '{"username":"nobody","password":"Long-enough-1","full_name":"\\udc00 x"}',
    });
    expect(lowSurrogate.statusCode).toBe(400);
    expect(lowSurrogate.json()).toEqual({ full_name: bad });
  });

  it('names nested fields dotted, and a bad key by its parent', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/polls/',
      headers: { ...admin.headers, ...json },
      payload:
        '{"question":"ok","options":["a","b\\u0000"],"meta":{"\\ud83d":1,"deep":[[{"x":"\\ud800"}]]}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'options.1': bad, meta: bad, 'meta.deep.0.0.x': bad });
  });

  it('walks a JSON body nested far deeper than any stack', async () => {
    const depth = 100_000;
    const response = await app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: json,
      payload: `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
    });
    expect(response.statusCode).toBe(400);
    const [field] = Object.keys(response.json<Record<string, string[]>>());
    expect(field).toBe(Array.from({ length: depth }, () => '0').join('.'));
  });

  it('answers 400 for a multipart request without a boundary (files and GEDCOM)', async () => {
    for (const url of ['/api/files/', '/api/gedcom/import/']) {
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...admin.headers, 'content-type': type },
          payload: 'abc',
        });
        expect(response.statusCode, `${url} ${type}`).toBe(400);
        expect(response.json()).toEqual({ detail: inputGuardMessages.malformedMultipart });
      }
    }
  });

  it('answers 400 for a multipart body cut before its closing boundary', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'a.ged', value: '0 HEAD\n0 TRLR\n' },
    ]);
    const cut = payload.subarray(0, payload.length - 20);
    for (const url of ['/api/files/', '/api/gedcom/import/']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...admin.headers, ...headers },
        payload: cut,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ detail: inputGuardMessages.malformedMultipart });
    }
  });

  it('answers 400 naming the multipart field or file name that holds U+0000', async () => {
    const cases = [
      { parts: [{ name: 'description', value: 'a\u0000b' }], field: 'description' },
      { parts: [{ name: 'file', filename: 'a\u0000.txt', value: 'hello' }], field: 'file' },
    ];
    for (const { parts, field } of cases) {
      const { payload, headers } = multipartBody([
        ...parts,
        { name: 'file', filename: 'b.txt', value: 'hello' },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/files/',
        headers: { ...admin.headers, ...headers },
        payload,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({ [field]: bad });
    }
    const gedcom = multipartBody([{ name: 'file', filename: 'tree\u0000.ged', value: '0 HEAD' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/',
      headers: { ...admin.headers, ...gedcom.headers },
      payload: gedcom.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: bad });
  });

  it('answers a broken JSON body to PATCH /api/files/{id}/ with 400, not a 500', async () => {
    const id = await createTestFileRow(app, admin.id);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/files/${id}/`,
      headers: { ...admin.headers, ...json },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: errorMessages.malformedJson });
  });
});
