import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';

let app: App;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
});

type Json = Record<string, unknown>;

async function call(
  method: 'GET' | 'PUT' | 'PATCH',
  url: string,
  user: TestUser | null,
  payload?: Json,
) {
  const response = await app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Json>() };
}

const contacts = {
  title: 'Байланыш',
  body: '<p>Бизге жазыңыз</p>',
  address: 'Бишкек ш.',
  phone: '+996 555 00 00 00',
  email: 'info@bagysh.kg',
  socials: [{ label: 'Facebook', url: 'https://facebook.com/bagysh' }],
  map_url: 'https://www.openstreetmap.org/#map=12/42.87/74.57',
};

describe('pages: reading', () => {
  it('answers every page to guests, with defaults before the first save', async () => {
    const about = await call('GET', '/api/pages/about/', null);
    expect(about.status).toBe(200);
    expect(about.body).toEqual({ key: 'about', title: 'Багыш уруусу', body: '', updated_at: null });
    const founders = await call('GET', '/api/pages/founders', null);
    expect(founders.body).toMatchObject({ key: 'founders', title: 'Негиздөөчүлөр', founders: [] });
    const empty = await call('GET', '/api/pages/contacts/', null);
    expect(empty.body).toMatchObject({
      key: 'contacts',
      title: 'Байланыш',
      address: '',
      phone: '',
      email: '',
      socials: [],
      map_url: '',
    });
    expect((await call('GET', '/api/pages/rules/', null)).status).toBe(404);
  });
});

describe('pages: editing', () => {
  it('is for admins only', async () => {
    for (const [user, status] of [
      [null, 401],
      [member, 403],
      [moderator, 403],
    ] as const) {
      expect((await call('PUT', '/api/pages/about/', user, { title: 'X', body: '' })).status).toBe(
        status,
      );
      expect((await call('PATCH', '/api/pages/contacts/', user, { phone: '1' })).status).toBe(
        status,
      );
    }
  });

  it('saves the about page with a sanitized body', async () => {
    const saved = await call('PUT', '/api/pages/about/', admin, {
      title: '<b>Багыш</b> уруусу',
      body: '<h2>Тарых</h2><p onclick="x()">Текст</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      key: 'about',
      title: 'Багыш уруусу',
      body: '<h2>Тарых</h2><p>Текст</p>',
    });
    expect(saved.body.updated_at).toEqual(expect.any(String));
    expect((await call('GET', '/api/pages/about/', null)).body).toEqual(saved.body);
  });

  it('keeps the founders in the order given, with photo links and sanitized texts', async () => {
    const saved = await call('PUT', '/api/pages/founders/', admin, {
      title: 'Негиздөөчүлөр',
      body: '<p>Алар жөнүндө</p>',
      founders: [
        { name: 'Экинчи', role: 'Катчы', photo_file_id: 4, text: '<p>Бир</p><script>x</script>' },
        { name: 'Биринчи', text: '<p><a href="javascript:alert(1)">шилтеме</a></p>' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.founders).toEqual([
      {
        name: 'Экинчи',
        role: 'Катчы',
        photo_file_id: 4,
        photo_url: '/api/files/4/download/',
        text: '<p>Бир</p>',
      },
      { name: 'Биринчи', role: '', photo_file_id: null, photo_url: null, text: '<p>шилтеме</p>' },
    ]);

    // PATCH of the title keeps the list.
    const renamed = await call('PATCH', '/api/pages/founders/', admin, { title: 'Баштоочулар' });
    expect(renamed.body).toMatchObject({ title: 'Баштоочулар' });
    expect(renamed.body.founders).toEqual(saved.body.founders);

    const nameless = await call('PUT', '/api/pages/founders/', admin, {
      title: 'X',
      body: '',
      founders: [{ name: '' }],
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body).toHaveProperty(['founders.0.name']);
  });

  it('saves contacts, and PATCH changes only the fields given', async () => {
    const saved = await call('PUT', '/api/pages/contacts/', admin, contacts);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...contacts, key: 'contacts' });
    const patched = await call('PATCH', '/api/pages/contacts/', admin, {
      phone: '+996 700 11 22 33',
      socials: [],
    });
    expect(patched.body).toMatchObject({
      ...contacts,
      phone: '+996 700 11 22 33',
      socials: [],
    });
    const cleared = await call('PATCH', '/api/pages/contacts/', admin, { email: '', map_url: '' });
    expect(cleared.body).toMatchObject({ email: '', map_url: '' });
  });

  it('refuses a bad e-mail, a non-http social link and a javascript: map link', async () => {
    const response = await call('PUT', '/api/pages/contacts/', admin, {
      ...contacts,
      email: 'not-mail',
      socials: [{ label: 'X', url: 'javascript:alert(1)' }],
      map_url: 'javascript:alert(1)',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body).sort()).toEqual(['email', 'map_url', 'socials.0.url']);
    const missing = await call('PUT', '/api/pages/contacts/', admin, { title: 'Байланыш' });
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty('address');
  });
});
