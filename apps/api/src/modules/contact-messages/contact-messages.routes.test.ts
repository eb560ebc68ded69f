import type { ContactMessage } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';

const LIMIT = 3;
let app: App;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;
let ipCounter = 0;

beforeAll(async () => {
  app = await createTestApp({ contactRateLimit: LIMIT });
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
});

/** Each test sends from its own address, so that the per-address limit is its own. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.0.${ipCounter}`;
}

async function send(payload: Record<string, unknown>, ip: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact-messages/',
    remoteAddress: ip,
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function inbox(user: TestUser | null, query = '') {
  const response = await app.inject({
    url: `/api/contact-messages/${query}`,
    headers: user ? user.headers : {},
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const valid = { name: 'Айгүл', email: 'aigul@example.kg', message: 'Санжырага толуктоо бар.' };

describe('contact form', () => {
  it('takes a message from a guest with an e-mail or a phone', async () => {
    const ip = freshIp();
    const byEmail = await send(valid, ip);
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.detail).toBe('Рахмат! Билдирүүңүз жөнөтүлдү.');
    expect(byEmail.body.id).toBeTypeOf('number');
    const byPhone = await send(
      { name: 'Бакыт', phone: '+996 555 123 456', message: 'Чалып коюңузчу, рахмат.' },
      ip,
    );
    expect(byPhone.status).toBe(201);
  });

  it('needs a name, an e-mail or a phone, and a message of sensible length', async () => {
    const ip = freshIp();
    const neither = await send({ name: 'Айгүл', message: 'Санжырага толуктоо бар.' }, ip);
    expect(neither.status).toBe(400);
    expect(neither.body).toEqual({
      non_field_errors: ['Электрондук почтаны же телефон номерин көрсөтүңүз.'],
    });
    const bad = await send(
      { name: '', email: 'not-mail', phone: 'call me', message: 'кыска' },
      freshIp(),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['email', 'message', 'name', 'phone']);
    expect(bad.body.message).toEqual(['Кеминде 10 белги болушу керек.']);
    const long = await send({ ...valid, message: 'ж'.repeat(5001) }, freshIp());
    expect(long.body).toEqual({ message: ['5000 белгиден ашпашы керек.'] });
  });

  it(`answers 429 in Kyrgyz after ${LIMIT} messages an hour from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await send(valid, ip)).status).toBe(201);
    const refused = await send(valid, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: 'Өтө көп билдирүү жөнөтүлдү. Бир аздан кийин кайра аракет кылыңыз.',
    });
    // Another address is not affected.
    expect((await send(valid, freshIp())).status).toBe(201);
  });
});

describe('admin inbox', () => {
  it('is for admins only', async () => {
    expect((await inbox(null)).status).toBe(401);
    expect((await inbox(member)).status).toBe(403);
    expect((await inbox(moderator)).status).toBe(403);
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/contact-messages/1/',
      headers: moderator.headers,
      payload: { handled: true },
    });
    expect(patch.statusCode).toBe(403);
    expect((await inbox(admin)).status).toBe(200);
  });

  it('lists messages newest first and marks them handled', async () => {
    const ip = freshIp();
    await send({ ...valid, message: 'Биринчи билдирүү, рахмат.' }, ip);
    const second = await send({ ...valid, message: 'Экинчи билдирүү, рахмат.' }, ip);
    const id = second.body.id as number;

    const list = await inbox(admin, '?page_size=1');
    expect(list.body.count).toBeGreaterThanOrEqual(2);
    expect(list.body.next).toEqual(expect.stringContaining('page=2'));
    const [newest] = list.body.results as ContactMessage[];
    expect(newest).toMatchObject({
      id,
      name: 'Айгүл',
      email: 'aigul@example.kg',
      phone: null,
      message: 'Экинчи билдирүү, рахмат.',
      handled: false,
      handled_at: null,
    });

    const marked = await app.inject({
      method: 'PATCH',
      url: `/api/contact-messages/${id}/`,
      headers: admin.headers,
      payload: { handled: true },
    });
    expect(marked.statusCode).toBe(200);
    const markedBody = marked.json<ContactMessage>();
    expect(markedBody).toMatchObject({ id, handled: true });
    expect(Date.parse(markedBody.handled_at ?? '')).not.toBeNaN();

    const unhandled = (await inbox(admin, '?handled=0&page_size=100')).body
      .results as ContactMessage[];
    expect(unhandled.map((message) => message.id)).not.toContain(id);
    expect(unhandled.every((message) => !message.handled)).toBe(true);
    const handled = (await inbox(admin, '?handled=1')).body.results as ContactMessage[];
    expect(handled.map((message) => message.id)).toEqual([id]);

    const one = await app.inject({ url: `/api/contact-messages/${id}/`, headers: admin.headers });
    expect(one.json()).toMatchObject({ id, handled: true });
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/contact-messages/999999/',
      headers: admin.headers,
      payload: { handled: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});
