import {
  LoginChallengeSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  twoFactorMessages,
  UserSchema,
} from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { recoveryCodes, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { authErrors } from './auth.service';
import { bearer, call } from './test-support';

const NO_LIMITS = {
  loginRateLimit: 10_000,
  loginFailureLimit: 10_000,
  registerRateLimit: 10_000,
  refreshRateLimit: 10_000,
};

let app: App;
let sequence = 0;
/** A fresh client address per call, so that no throttle counter leaks between tests. */
const ip = () => `10.9.${Math.floor(sequence / 250)}.${sequence++ % 250}`;

beforeAll(async () => {
  app = await createTestApp(NO_LIMITS);
});

/** The app's code for `secret` now, or `steps` periods of 30 s away. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

interface Enabled {
  user: TestUser;
  secret: string;
  codes: string[];
}

/** A member with two-factor sign-in turned on through the API. */
async function enabledUser(target: App = app, role: TestUser['role'] = 'user'): Promise<Enabled> {
  const user = await createTestUser(target, { role });
  const setup = await call(target, {
    method: 'POST',
    url: '/api/user/two-factor/setup/',
    headers: user.headers,
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = TwoFactorSetupSchema.parse(setup.json());
  const enable = await call(target, {
    method: 'POST',
    url: '/api/user/two-factor/enable/',
    headers: user.headers,
    payload: { code: await codeOf(secret) },
  });
  expect(enable.statusCode).toBe(200);
  return { user, secret, codes: RecoveryCodesSchema.parse(enable.json()).recovery_codes };
}

function passwordStep(target: App, user: TestUser, address = ip(), password = user.password) {
  return call(target, {
    method: 'POST',
    url: '/api/login/',
    remoteAddress: address,
    payload: { username: user.username, password },
  });
}

function codeStep(target: App, challenge: string, code: unknown, address = ip()) {
  return call(target, {
    method: 'POST',
    url: '/api/login/two-factor/',
    remoteAddress: address,
    payload: { challenge, code },
  });
}

async function challengeOf(target: App, user: TestUser, address = ip()): Promise<string> {
  const response = await passwordStep(target, user, address);
  expect(response.statusCode).toBe(200);
  return LoginChallengeSchema.parse(response.json()).challenge;
}

const status = async (user: TestUser, target: App = app) =>
  TwoFactorStatusSchema.parse(
    (await call(target, { url: '/api/user/two-factor/', headers: user.headers })).json(),
  );

describe('turning two-factor sign-in on', () => {
  it('shows a secret, its otpauth URI and QR code, and turns on with a current code', async () => {
    const user = await createTestUser(app);
    expect(await status(user)).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const setup = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/setup/',
      headers: user.headers,
    });
    expect(setup.statusCode).toBe(200);
    const body = TwoFactorSetupSchema.parse(setup.json());
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(body.otpauth_uri).searchParams.get('secret')).toBe(body.secret);
    expect(body.otpauth_uri).toContain(encodeURIComponent(user.username));
    expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not on until a code confirms it: a login still gets the tokens at once.
    expect((await passwordStep(app, user)).json()).toHaveProperty('access');

    const wrong = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/enable/',
      headers: user.headers,
      payload: { code: (await codeOf(body.secret, 10)).toString() },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [twoFactorMessages.wrongCode] });

    const malformed = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/enable/',
      headers: user.headers,
      payload: { code: '12a' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: [twoFactorMessages.codeFormat] });

    const code = await codeOf(body.secret);
    const enable = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/enable/',
      headers: user.headers,
      // Typed with a space in the middle, as the apps show it.
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(enable.statusCode).toBe(200);
    const { recovery_codes: codes } = RecoveryCodesSchema.parse(enable.json());
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes)
      expect(recovery).toMatch(/^([0-9a-hjkmnp-tv-z]{4}-){3}[0-9a-hjkmnp-tv-z]{4}$/);

    expect(await status(user)).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    const me = UserSchema.parse(
      (await call(app, { url: '/api/user/', headers: user.headers })).json(),
    );
    expect(me.two_factor_enabled).toBe(true);
    expect(me.two_factor_setup_required).toBe(false);

    const again = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/setup/',
      headers: user.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: twoFactorMessages.alreadyEnabled });
  });

  it('refuses a code before any set-up, and guests', async () => {
    const user = await createTestUser(app);
    const early = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/enable/',
      headers: user.headers,
      payload: { code: '123456' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: twoFactorMessages.noSetup });
    for (const url of ['/api/user/two-factor/setup/', '/api/user/two-factor/enable/']) {
      expect((await call(app, { method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
  });

  it('keeps the secret sealed and only hashes of the recovery codes in the database', async () => {
    const { user, secret, codes } = await enabledUser();
    const [row] = await app.db
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.totpSecret).toEqual(expect.any(String));
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpSecret).not.toContain(secret.toLowerCase());
    const stored = JSON.stringify(
      await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    );
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for a code after the right password, and gives the tokens for a right one', async () => {
    const { user, secret } = await enabledUser();
    const first = await passwordStep(app, user);
    expect(first.statusCode).toBe(200);
    const body = first.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'detail', 'two_factor_required']);
    expect(body.detail).toBe(twoFactorMessages.codeRequired);

    const signed = await codeStep(app, String(body.challenge), await codeOf(secret));
    expect(signed.statusCode).toBe(200);
    const pair = signed.json<{ access: string; refresh: string; user: unknown }>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh', 'user']);
    expect(UserSchema.parse(pair.user).two_factor_enabled).toBe(true);
    const me = await call(app, { url: '/api/user/', headers: bearer(pair.access) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses the step without a code, with a wrong code, and a code used once already', async () => {
    const { user, secret } = await enabledUser();
    const challenge = await challengeOf(app, user);

    const missing = await call(app, {
      method: 'POST',
      url: '/api/login/two-factor/',
      payload: { challenge },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: ['Милдеттүү талаа.'] });

    const wrong = await codeStep(app, challenge, await codeOf(secret, 10));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: twoFactorMessages.wrongCode });

    const code = await codeOf(secret);
    expect((await codeStep(app, challenge, code)).statusCode).toBe(200);
    // The same code a second time (a replay) is refused, even with a fresh challenge…
    const replay = await codeStep(app, await challengeOf(app, user), code);
    expect(replay.statusCode).toBe(401);
    // …while the next step's code still signs in.
    expect((await codeStep(app, challenge, await codeOf(secret, 1))).statusCode).toBe(200);
  });

  it('gives no tokens for the password alone, nor for a forged or stale challenge', async () => {
    const { user, secret } = await enabledUser();
    const other = await enabledUser();
    const answer = (await passwordStep(app, user)).json<Record<string, unknown>>();
    expect(answer).not.toHaveProperty('access');
    expect(answer).not.toHaveProperty('refresh');

    // Another user's challenge does not take this user's code.
    const foreign = await codeStep(app, await challengeOf(app, other.user), await codeOf(secret));
    expect(foreign.statusCode).toBe(401);

    // An access token is not a challenge.
    const forged = await codeStep(app, user.token, await codeOf(secret));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: twoFactorMessages.challengeExpired });

    // A password change voids the challenges made before it.
    const challenge = await challengeOf(app, user);
    const changed = await call(app, {
      method: 'POST',
      url: '/api/user/password/',
      headers: user.headers,
      payload: { old_password: user.password, new_password: 'Jany-Syrsoz-2026' },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await codeStep(app, challenge, await codeOf(secret));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ detail: twoFactorMessages.challengeExpired });
  });

  it('takes a recovery code once, not twice, as typed in any case and spacing', async () => {
    const { user, codes } = await enabledUser();
    const [code = ''] = codes;
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const signed = await codeStep(app, await challengeOf(app, user), typed);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toHaveProperty('access');
    const twice = await codeStep(app, await challengeOf(app, user), code);
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual({ detail: twoFactorMessages.wrongCode });
    expect((await status(user)).recovery_codes_left).toBe(9);
    // Another one of the codes still works.
    expect((await codeStep(app, await challengeOf(app, user), codes[1])).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a recovery code through', async () => {
    const { user, codes } = await enabledUser();
    const [a, b] = await Promise.all([challengeOf(app, user), challengeOf(app, user)]);
    const answers = await Promise.all([codeStep(app, a, codes[0]), codeStep(app, b, codes[0])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 403 to a blocked user with the right password, before any code', async () => {
    const { user, secret } = await enabledUser();
    const challenge = await challengeOf(app, user);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await passwordStep(app, user)).statusCode).toBe(403);
    const step = await codeStep(app, challenge, await codeOf(secret));
    expect(step.statusCode).toBe(403);
    expect(step.json()).toEqual({ detail: authErrors.blocked });
  });
});

describe('wrong codes and the login throttle', () => {
  const LIMIT = 3;
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({
      loginRateLimit: 10_000,
      loginFailureLimit: LIMIT,
      loginSlowdownSeconds: 600,
    });
  });

  it('counts each wrong code as a failed login of that username from that address', async () => {
    const { user, secret } = await enabledUser(limited);
    const address = '198.51.100.20';
    const challenge = await challengeOf(limited, user, address);
    const codes: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) {
      codes.push(
        (await codeStep(limited, challenge, await codeOf(secret, 10 + i), address)).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401]);
    // The right code is no longer checked from this address…
    const locked = await codeStep(limited, challenge, await codeOf(secret), address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: authErrors.tooManyFailures });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // …nor is the password: knowing it does not reopen the way for guessing codes.
    expect((await passwordStep(limited, user, address)).statusCode).toBe(429);
    // Another address still signs in (the username's slow-down lets one check through).
    const elsewhere = await challengeOf(limited, user, '198.51.100.21');
    const signed = await codeStep(limited, elsewhere, await codeOf(secret), '198.51.100.21');
    expect(signed.statusCode).toBe(200);
  });

  it('does not let a right password wipe the wrong codes counted before it', async () => {
    const { user, secret } = await enabledUser(limited);
    const address = '198.51.100.30';
    for (let i = 0; i < LIMIT - 1; i += 1) {
      const challenge = await challengeOf(limited, user, address);
      expect(
        (await codeStep(limited, challenge, await codeOf(secret, 10 + i), address)).statusCode,
      ).toBe(401);
    }
    // One more password (refunded) and one more wrong code reach the limit.
    const challenge = await challengeOf(limited, user, address);
    expect((await codeStep(limited, challenge, await codeOf(secret, 20), address)).statusCode).toBe(
      401,
    );
    expect((await codeStep(limited, challenge, await codeOf(secret), address)).statusCode).toBe(
      429,
    );
  });
});

describe('turning two-factor sign-in off and new recovery codes', () => {
  const disable = (user: TestUser, payload: Record<string, unknown>) =>
    call(app, {
      method: 'POST',
      url: '/api/user/two-factor/disable/',
      headers: user.headers,
      payload,
    });

  it('needs the password and a code', async () => {
    const { user, secret, codes } = await enabledUser();
    const noCode = await disable(user, { password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ code: ['Милдеттүү талаа.'] });

    const wrongPassword = await disable(user, { password: 'Wrong-password-1', code: codes[0] });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ password: [twoFactorMessages.wrongPassword] });
    // The recovery code was not used up by a request with a wrong password.
    expect((await status(user)).recovery_codes_left).toBe(10);

    const wrongCode = await disable(user, {
      password: user.password,
      code: await codeOf(secret, 10),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ code: [twoFactorMessages.wrongCode] });
    expect((await status(user)).enabled).toBe(true);

    const done = await disable(user, { password: user.password, code: await codeOf(secret) });
    expect(done.statusCode).toBe(204);
    expect(await status(user)).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const [row] = await app.db
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.totpSecret).toBeNull();
    // Signing in is one step again.
    expect((await passwordStep(app, user)).json()).toHaveProperty('access');
    expect((await disable(user, { password: user.password, code: '123456' })).statusCode).toBe(409);
  });

  it('turns off with a recovery code too', async () => {
    const { user, codes } = await enabledUser();
    expect((await disable(user, { password: user.password, code: codes[3] })).statusCode).toBe(204);
  });

  it('makes ten new recovery codes for a current code; the old ones stop working', async () => {
    const { user, secret, codes } = await enabledUser();
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes/',
      headers: user.headers,
      payload: { code: await codeOf(secret, 10) },
    });
    expect(wrong.statusCode).toBe(400);
    const fresh = await call(app, {
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes/',
      headers: user.headers,
      payload: { code: await codeOf(secret) },
    });
    expect(fresh.statusCode).toBe(200);
    const renewed = RecoveryCodesSchema.parse(fresh.json()).recovery_codes;
    expect(renewed).toHaveLength(10);
    expect(renewed).not.toContain(codes[0]);
    expect((await codeStep(app, await challengeOf(app, user), codes[0])).statusCode).toBe(401);
    expect((await codeStep(app, await challengeOf(app, user), renewed[0])).statusCode).toBe(200);
  });
});

describe('STAFF_2FA=required', () => {
  let strict: App;
  beforeAll(async () => {
    strict = await createTestApp({ ...NO_LIMITS, staff2fa: 'required' });
  });

  it('lets a moderator without it do nothing but set it up (403 in Kyrgyz elsewhere)', async () => {
    const moderator = await createTestUser(strict, { role: 'moderator' });
    // Signed in all the same: the login gives the tokens.
    const login = await passwordStep(strict, moderator);
    expect(login.statusCode).toBe(200);
    const me = await call(strict, { url: '/api/user/', headers: moderator.headers });
    expect(me.statusCode).toBe(200);
    expect(UserSchema.parse(me.json()).two_factor_setup_required).toBe(true);

    for (const url of ['/api/users/', '/api/persons/', '/api/moderation/counts/']) {
      const refused = await call(strict, { url, headers: moderator.headers });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: twoFactorMessages.staffSetupRequired });
    }
    expect(twoFactorMessages.staffSetupRequired).toContain('/profile');
    const edit = await call(strict, {
      method: 'PATCH',
      url: '/api/user/',
      headers: moderator.headers,
      payload: { full_name: 'Модератор' },
    });
    expect(edit.statusCode).toBe(403);
    expect(await status(moderator, strict)).toEqual({
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });

    const setup = await call(strict, {
      method: 'POST',
      url: '/api/user/two-factor/setup/',
      headers: moderator.headers,
    });
    expect(setup.statusCode).toBe(200);
    const { secret } = TwoFactorSetupSchema.parse(setup.json());
    const enable = await call(strict, {
      method: 'POST',
      url: '/api/user/two-factor/enable/',
      headers: moderator.headers,
      payload: { code: await codeOf(secret) },
    });
    expect(enable.statusCode).toBe(200);
    expect(
      (await call(strict, { url: '/api/users/', headers: moderator.headers })).statusCode,
    ).toBe(200);
  });

  it('holds admins to it too, and leaves members alone', async () => {
    const admin = await createTestUser(strict, { role: 'admin' });
    expect((await call(strict, { url: '/api/users/', headers: admin.headers })).statusCode).toBe(
      403,
    );
    const member = await createTestUser(strict);
    expect((await call(strict, { url: '/api/users/', headers: member.headers })).statusCode).toBe(
      200,
    );
    const me = UserSchema.parse(
      (await call(strict, { url: '/api/user/', headers: member.headers })).json(),
    );
    expect(me.two_factor_setup_required).toBe(false);
  });

  it('is not applied under the default STAFF_2FA=optional', async () => {
    const moderator = await createTestUser(app, { role: 'moderator' });
    expect((await call(app, { url: '/api/users/', headers: moderator.headers })).statusCode).toBe(
      200,
    );
    expect((await status(moderator)).required).toBe(false);
  });
});
