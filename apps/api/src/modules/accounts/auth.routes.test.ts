import { randomUUID } from 'node:crypto';
import { authMessages, UserSchema } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { users } from '../../db/schema';
import * as passwords from '../../lib/passwords';
import { signToken } from '../../lib/tokens';
import { createTestApp } from '../../test/app';
import { createTestUser } from '../../test/factories';
import { bearer, call } from './test-support';
import { authErrors } from './auth.service';

vi.mock('../../lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = 'Kyzyl-Too-1991';
const NO_LIMITS = {
  loginRateLimit: 10_000,
  loginFailureLimit: 10_000,
  registerRateLimit: 10_000,
  refreshRateLimit: 10_000,
};

let app: App;
let sequence = 0;
/** A fresh client address per test, so that no rate-limit counter leaks between tests. */
const ip = () => ({ 'x-forwarded-for': `10.0.${Math.floor(sequence / 250)}.${sequence++ % 250}` });

beforeAll(async () => {
  app = await createTestApp(NO_LIMITS);
});

async function registerUser(username: string, extra: Record<string, unknown> = {}) {
  return call(app, {
    method: 'POST',
    url: '/api/register/',
    headers: ip(),
    payload: { username, password: PASSWORD, ...extra },
  });
}

async function loginAs(username: string, password = PASSWORD) {
  return call(app, {
    method: 'POST',
    url: '/api/login/',
    headers: ip(),
    payload: { username, password },
  });
}

async function refresh(token: string) {
  return call(app, {
    method: 'POST',
    url: '/api/token/refresh/',
    headers: ip(),
    payload: { access: 'ignored', refresh: token },
  });
}

interface Pair {
  access: string;
  refresh: string;
}

describe('POST /api/register/', () => {
  it('creates a member and answers 201 with a token pair and the user', async () => {
    const response = await registerUser('  Асан_Үсөн  ', {
      email: ' Asan@Example.KG ',
      full_name: 'Асан Үсөнов',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<Pair & { user: unknown }>();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    const user = UserSchema.parse(body.user);
    expect(user).toMatchObject({
      username: 'Асан_Үсөн',
      full_name: 'Асан Үсөнов',
      email: 'Asan@Example.KG',
      role: 'user',
      avatar: null,
    });
    expect(Object.keys(body.user as object).sort()).toEqual(
      [
        'avatar',
        'date_joined',
        'email',
        'email_verified',
        'full_name',
        'id',
        'is_steward',
        'role',
        'two_factor_enabled',
        'two_factor_setup_required',
        'username',
      ].sort(),
    );

    const me = await call(app, { url: '/api/user/', headers: bearer(body.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
    expect((await refresh(body.refresh)).statusCode).toBe(200);
  });

  it('accepts Kyrgyz letters ң ө ү and Latin, with no e-mail', async () => {
    const response = await registerUser('Чыңгыз_Өмүр2');
    expect(response.statusCode).toBe(201);
    expect(response.json<{ user: { email: null } }>().user.email).toBeNull();
    expect((await registerUser('Daniyar_99', { email: '' })).statusCode).toBe(201);
  });

  it('refuses a taken username or e-mail, whatever the letter case, in Kyrgyz', async () => {
    expect((await registerUser('Бакыт', { email: 'bakyt@example.kg' })).statusCode).toBe(201);
    const response = await registerUser('БАКЫТ', { email: 'BAKYT@example.kg' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['Бул колдонуучу аты ээленген.'],
      email: ['Бул электрондук почта башка колдонуучуда катталган.'],
    });
  });

  it('lets only one of two simultaneous registrations of a name through', async () => {
    const answers = await Promise.all([registerUser('Эгиз'), registerUser('эгиз')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json()).toEqual({ username: ['Бул колдонуучу аты ээленген.'] });
  });

  it('enforces the username and password rules with Kyrgyz messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ username: 'ab', password: PASSWORD }, { username: ['Кеминде 3 белги болушу керек.'] }],
      [
        { username: 'a'.repeat(33), password: PASSWORD },
        { username: ['32 белгиден ашпашы керек.'] },
      ],
      [{ username: 'асан үсөн', password: PASSWORD }, { username: [authMessages.usernameChars] }],
      [{ username: 'asan-usen', password: PASSWORD }, { username: [authMessages.usernameChars] }],
      [{ username: 'Айбек', password: 'short1' }, { password: ['Кеминде 8 белги болушу керек.'] }],
      [
        { username: 'Айбек', password: 'Qwerty123' },
        { password: [authMessages.passwordTooCommon] },
      ],
      [
        { username: 'Aibek_Kyrgyz', password: 'aibek_KYRGYZ' },
        { password: [authMessages.passwordSameAsUsername] },
      ],
      [
        { username: 'Айбек', password: PASSWORD, email: 'not-an-email' },
        { email: ['Электрондук почта туура эмес.'] },
      ],
      [{ password: PASSWORD }, { username: ['Милдеттүү талаа.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(app, {
        method: 'POST',
        url: '/api/register/',
        headers: ip(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual(errors);
    }
  });

  it('never grants a role other than user', async () => {
    const response = await registerUser('Kanybek', { role: 'admin' });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ user: { role: string } }>().user.role).toBe('user');
  });
});

describe('POST /api/login/', () => {
  beforeAll(async () => {
    expect((await registerUser('Нурлан')).statusCode).toBe(201);
  });

  it('answers {access, refresh, user} for the right password, any letter case of the name', async () => {
    const response = await loginAs('  нурлан ');
    expect(response.statusCode).toBe(200);
    const body = response.json<Pair & { user: { username: string } }>();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    expect(body.user.username).toBe('Нурлан');
    const me = await call(app, { url: '/api/user/', headers: bearer(body.access) });
    expect(me.json()).toEqual(body.user);
  });

  it('answers the same 401 for a wrong password and for a missing user', async () => {
    const wrong = await loginAs('Нурлан', 'Wrong-password-1');
    const missing = await loginAs('Жок_Адам', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(missing.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Колдонуучу аты же сырсөз туура эмес.' });
    expect(missing.json()).toEqual(wrong.json());
  });

  it('spends one argon2 verification on a missing user too, with the same parameters', async () => {
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    await loginAs('Нурлан', 'Wrong-password-1');
    await loginAs('Эч_ким_жок', 'Wrong-password-1');
    expect(verify).toHaveBeenCalledTimes(2);
    const [realHash] = verify.mock.calls[0] ?? [];
    const [dummyHash] = verify.mock.calls[1] ?? [];
    const parameters = (hash: string | undefined) => hash?.split('$').slice(0, 4).join('$');
    expect(dummyHash).toMatch(/^\$argon2id\$/);
    expect(dummyHash).not.toBe(realHash);
    expect(parameters(dummyHash)).toBe(parameters(realHash));
  });

  it('answers 403 to a blocked user with the right password, 401 with a wrong one', async () => {
    const blocked = await createTestUser(app, { isActive: false });
    const response = await loginAs(blocked.username, blocked.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: authErrors.blocked });
    expect((await loginAs(blocked.username, 'Wrong-password-1')).statusCode).toBe(401);
  });

  it('answers 400 without a username or password', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/login/',
      headers: ip(),
      payload: { username: 'Нурлан' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ['Милдеттүү талаа.'] });
  });
});

describe('POST /api/token/refresh/', () => {
  let username: string;
  beforeAll(async () => {
    username = 'Refresh_Tester';
    expect((await registerUser(username)).statusCode).toBe(201);
  });

  async function session(): Promise<Pair> {
    const response = await loginAs(username);
    expect(response.statusCode).toBe(200);
    return response.json<Pair>();
  }

  it('rotates: a new working pair, and the old refresh token is revoked', async () => {
    const first = await session();
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    const second = response.json<Pair>();
    expect(Object.keys(second).sort()).toEqual(['access', 'refresh']);
    expect(second.refresh).not.toBe(first.refresh);
    const me = await call(app, { url: '/api/user/', headers: bearer(second.access) });
    expect(me.json<{ username: string }>().username).toBe(username);

    const third = await refresh(second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it('answers 401 to a reused token and revokes the whole login, not other logins', async () => {
    const stolen = await session();
    const other = await session();
    const rotated = (await refresh(stolen.refresh)).json<Pair>();

    const reuse = await refresh(stolen.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: authErrors.invalidToken });
    // The newest token of that login no longer works either, nor its access token…
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    const thief = await call(app, { url: '/api/user/', headers: bearer(rotated.access) });
    expect(thief.statusCode).toBe(401);
    // …while another login of the same user goes on.
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with the same token succeed', async () => {
    const pair = await session();
    const answers = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 401]);
    // The loser presented a revoked token: a reuse, so the login is over.
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<Pair>();
    expect((await refresh(winner?.refresh ?? '')).statusCode).toBe(401);
  });

  it('answers 401 to expired, forged, access and garbage tokens', async () => {
    const [user] = await app.db.select().from(users).where(eq(users.username, username));
    const secret = app.config.jwtSecret ?? '';
    const sub = user?.id ?? 0;
    const tokens = [
      (await signToken(secret, { sub, typ: 'refresh', fam: randomUUID() }, -10)).token,
      (
        await signToken(
          'another-secret-another-secret-another',
          { sub, typ: 'refresh', fam: randomUUID() },
          60,
        )
      ).token,
      (await session()).access,
      // Correctly signed, but never issued (no row).
      (await signToken(secret, { sub, typ: 'refresh', fam: randomUUID() }, 60)).token,
      'garbage',
    ];
    for (const token of tokens) {
      const response = await refresh(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: authErrors.invalidToken });
    }
  });

  it('answers 422 {detail} to a body that is not a token pair', async () => {
    const bodies: { payload?: string; headers?: Record<string, string> }[] = [
      { payload: '{}', headers: { 'content-type': 'application/json' } },
      { payload: '{"access": "x"}', headers: { 'content-type': 'application/json' } },
      { payload: '{"refresh": 5}', headers: { 'content-type': 'application/json' } },
      { payload: '{"refresh": ""}', headers: { 'content-type': 'application/json' } },
      { payload: '{"refresh": ', headers: { 'content-type': 'application/json' } },
      { payload: '[]', headers: { 'content-type': 'application/json' } },
      { payload: 'refresh=abc', headers: { 'content-type': 'text/plain' } },
      {},
    ];
    for (const body of bodies) {
      const response = await call(app, {
        method: 'POST',
        url: '/api/token/refresh/',
        ...body,
        headers: { ...ip(), ...body.headers },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toEqual({ detail: authErrors.refreshMissing });
    }
  });

  it('works while the client still sends its expired access token', async () => {
    const pair = await session();
    const [user] = await app.db.select().from(users).where(eq(users.username, username));
    const expired = await signToken(
      app.config.jwtSecret ?? '',
      { sub: user?.id ?? 0, typ: 'access' },
      -10,
    );
    const response = await call(app, {
      method: 'POST',
      url: '/api/token/refresh/',
      headers: { ...ip(), ...bearer(expired.token) },
      payload: pair,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 once the user is blocked', async () => {
    const member = await createTestUser(app);
    const pair = (await loginAs(member.username, member.password)).json<Pair>();
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, member.id));
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
  });
});

describe('POST /api/logout/', () => {
  it('revokes the refresh token and answers 204', async () => {
    expect((await registerUser('Logout_Tester')).statusCode).toBe(201);
    const pair = (await loginAs('Logout_Tester')).json<Pair>();
    const response = await call(app, {
      method: 'POST',
      url: '/api/logout/',
      headers: ip(),
      payload: { refresh: pair.refresh },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
  });

  it('ends the access tokens of that user at once; other logins refresh once and go on', async () => {
    const member = await createTestUser(app);
    const phone = (await loginAs(member.username, member.password)).json<Pair>();
    const laptop = (await loginAs(member.username, member.password)).json<Pair>();
    const me = (access: string) => call(app, { url: '/api/user/', headers: bearer(access) });
    expect((await me(phone.access)).statusCode).toBe(200);

    const response = await call(app, {
      method: 'POST',
      url: '/api/logout/',
      headers: ip(),
      payload: { refresh: phone.refresh },
    });
    expect(response.statusCode).toBe(204);
    for (const access of [phone.access, laptop.access, member.token]) {
      const answer = await me(access);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: authErrors.invalidToken });
    }
    // The other login refreshes (as the web client does after a 401) and goes on.
    const renewed = await refresh(laptop.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<Pair>().access)).statusCode).toBe(200);
    // A fresh login works too.
    const fresh = (await loginAs(member.username, member.password)).json<Pair>();
    expect((await me(fresh.access)).statusCode).toBe(200);
  });

  it('answers 204 to an already invalid token and 400 without one', async () => {
    const invalid = await call(app, {
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh: 'garbage' },
    });
    expect(invalid.statusCode).toBe(204);
    const missing = await call(app, { method: 'POST', url: '/api/logout/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['Милдеттүү талаа.'] });
  });
});

describe('rate limits', () => {
  let limited: App;
  beforeAll(async () => {
    // Behind a proxy, so that X-Forwarded-For stands for different client addresses.
    limited = await createTestApp({
      trustProxy: 1,
      loginRateLimit: 3,
      loginFailureLimit: 2,
      registerRateLimit: 2,
      refreshRateLimit: 2,
    });
  });

  const tooMany = { detail: 'Өтө көп аракет. Бир аздан кийин кайра аракет кылыңыз.' };

  it('ignores a forged X-Forwarded-For when not behind a proxy', async () => {
    const direct = await createTestApp({ loginRateLimit: 2 });
    const statuses: number[] = [];
    for (const n of [1, 2, 3]) {
      const response = await direct.inject({
        method: 'POST',
        url: '/api/login/',
        headers: { 'x-forwarded-for': `198.18.0.${n}` },
        payload: { username: 'nobody', password: 'whatever-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('limits logins per IP address with 429 {detail}', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.1' };
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await call(limited, {
        method: 'POST',
        url: '/api/login/',
        headers,
        payload: { username: `nobody_${i}`, password: 'Wrong-password-1' },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual(tooMany);
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    // Another address is not affected.
    const other = await call(limited, {
      method: 'POST',
      url: '/api/login/',
      headers: { 'x-forwarded-for': '192.0.2.2' },
      payload: { username: 'nobody', password: 'Wrong-password-1' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('counts the address the proxy appended, not one the client wrote into X-Forwarded-For', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // nginx's $proxy_add_x_forwarded_for: the client's own header, then the address it saw.
      const response = await call(limited, {
        method: 'POST',
        url: '/api/login/',
        headers: { 'x-forwarded-for': `198.18.7.${i}, 192.0.2.77` },
        payload: { username: `forger_${i}`, password: 'Wrong-password-1' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('locks a username for one address only; another address still signs in', async () => {
    const member = await createTestUser(limited);
    const attempt = (n: number, password: string) =>
      call(limited, {
        method: 'POST',
        url: '/api/login/',
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
        payload: { username: member.username.toUpperCase(), password },
      });
    expect((await attempt(1, 'Wrong-password-1')).statusCode).toBe(401);
    expect((await attempt(1, 'Wrong-password-2')).statusCode).toBe(401);
    const locked = await attempt(1, member.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: authErrors.tooManyFailures });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address with the right password is let in.
    expect((await attempt(2, member.password)).statusCode).toBe(200);
  });

  it('limits registrations per IP address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.1' };
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await call(limited, {
        method: 'POST',
        url: '/api/register/',
        headers,
        payload: { username: `limited_${i}`, password: PASSWORD },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual(tooMany);
    }
    expect(codes).toEqual([201, 201, 429]);
  });

  it('limits token refreshes per IP address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await call(limited, {
        method: 'POST',
        url: '/api/token/refresh/',
        headers,
        payload: { refresh: 'garbage' },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual(tooMany);
    }
    expect(codes).toEqual([401, 401, 429]);
  });
});

describe('login lockout under parallel guesses', () => {
  const LIMIT = 10;
  let slow: App;
  beforeAll(async () => {
    // A long slow-down, so that no second slot opens while a test runs.
    slow = await createTestApp({
      loginRateLimit: 10_000,
      loginFailureLimit: LIMIT,
      loginSlowdownSeconds: 600,
    });
  });

  const guess = (target: App, username: string, address: string, password = 'Wrong-password-1') =>
    call(target, {
      method: 'POST',
      url: '/api/login/',
      remoteAddress: address,
      payload: { username, password },
    });

  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  it('lets at most LOGIN_FAILURE_LIMIT of 19 parallel guesses from one address reach the password check', async () => {
    const member = await createTestUser(slow);
    for (const username of [member.username, 'missing_parallel_user']) {
      const verify = vi.mocked(passwords.verifyPassword);
      verify.mockClear();
      const answers = await Promise.all(
        Array.from({ length: 19 }, () => guess(slow, username, '192.0.2.77')),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(count(codes, 401), username).toBe(LIMIT);
      expect(count(codes, 429), username).toBe(19 - LIMIT);
      expect(verify).toHaveBeenCalledTimes(LIMIT);
      for (const answer of answers.filter((a) => a.statusCode === 429)) {
        expect(answer.json()).toEqual({ detail: authErrors.tooManyFailures });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
  });

  it('bounds 100 parallel guesses from 100 addresses by the per-username slow-down', async () => {
    const member = await createTestUser(slow);
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => guess(slow, member.username, `10.77.0.${i + 1}`)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // LIMIT unthrottled checks, then one per 600 s.
    expect(count(codes, 401)).toBeLessThanOrEqual(LIMIT + 1);
    expect(count(codes, 401) + count(codes, 429)).toBe(100);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LIMIT + 1);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toEqual({ detail: authErrors.slowedDown });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the right password in from another address after an attacker locked the user', async () => {
    const quick = await createTestApp({
      loginRateLimit: 10_000,
      loginFailureLimit: 3,
      loginSlowdownSeconds: 1,
    });
    const member = await createTestUser(quick);
    const attack = await Promise.all(
      Array.from({ length: 6 }, () => guess(quick, member.username, '203.0.113.66')),
    );
    expect(
      count(
        attack.map((answer) => answer.statusCode),
        429,
      ),
    ).toBe(3);
    // The attacker's address is locked out even with the right password…
    const locked = await guess(quick, member.username, '203.0.113.66', member.password);
    expect(locked.statusCode).toBe(429);
    // …and one more guess from elsewhere takes the slow-down's slot.
    expect((await guess(quick, member.username, '203.0.113.67')).statusCode).toBe(401);

    let answer = await guess(quick, member.username, '198.18.7.1', member.password);
    if (answer.statusCode === 429) {
      expect(answer.json()).toEqual({ detail: authErrors.slowedDown });
      const wait = Number(answer.headers['retry-after']);
      expect(wait).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      answer = await guess(quick, member.username, '198.18.7.1', member.password);
    }
    expect(answer.statusCode).toBe(200);
  });
});
