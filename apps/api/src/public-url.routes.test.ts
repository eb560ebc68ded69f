import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';
import { createTestUser } from './test/factories';

const PUBLIC_URL = 'https://bagysh.example/sanjyra';
const evil = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'gopher',
};

describe('absolute links', () => {
  it('build next/previous on PUBLIC_URL, never on the Host or X-Forwarded-Host header', async () => {
    // Behind a trusted proxy Fastify believes X-Forwarded-Host: links must not.
    const app = await createTestApp({ publicUrl: PUBLIC_URL, trustProxy: 1 });
    const admin = await createTestUser(app, { role: 'admin' });
    await createTestUser(app);
    for (const title of ['Бир', 'Эки']) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/news/',
        headers: admin.headers,
        payload: { title, body: '<p>Текст</p>' },
      });
      expect(created.statusCode).toBe(201);
    }
    for (const name of ['Бакай', 'Чубак']) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/persons/',
        headers: admin.headers,
        payload: { name, sex: 'M' },
      });
      expect(created.statusCode, created.body).toBe(201);
    }

    for (const url of [
      '/api/news/?page_size=1',
      '/api/users/?page_size=1',
      '/api/persons/?page_size=1',
    ]) {
      const first = await app.inject({ url, headers: { ...admin.headers, ...evil } });
      expect(first.statusCode, url).toBe(200);
      expect(first.body, url).not.toContain('evil');
      const { next } = first.json<{ next: string }>();
      expect(next, url).toMatch(/^https:\/\/bagysh\.example\/sanjyra\/api\//);

      const second = await app.inject({
        url: next.slice(PUBLIC_URL.length),
        headers: { ...admin.headers, ...evil },
      });
      expect(second.body, url).not.toContain('evil');
      expect(second.json<{ previous: string }>().previous, url).toMatch(
        /^https:\/\/bagysh\.example\/sanjyra\/api\//,
      );
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when HSTS is on', async () => {
    const app = await createTestApp({ publicUrl: 'https://bagysh.example', hsts: true });
    const response = await app.inject({ url: '/api/health/' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is not sent when HSTS is off', async () => {
    const app = await createTestApp({ hsts: false });
    const response = await app.inject({ url: '/api/health/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
