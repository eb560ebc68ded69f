import { authMessages, UserSchema } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser } from '../../test/factories';
import { bearer, call } from './test-support';
import { usersMessages } from './users.service';

/**
 * Look-alike and reserved usernames (docs/security.md, Look-alike usernames): refused at
 * registration and at a rename, with the field error in Kyrgyz.
 */

const PASSWORD = 'Kyzyl-Too-1991';
const NO_LIMITS = {
  loginRateLimit: 10_000,
  loginFailureLimit: 10_000,
  registerRateLimit: 10_000,
  refreshRateLimit: 10_000,
};

let app: App;
let sequence = 0;
const ip = () => ({ 'x-forwarded-for': `10.1.0.${sequence++ % 250}` });

beforeAll(async () => {
  app = await createTestApp(NO_LIMITS);
});

const register = (username: string) =>
  call(app, {
    method: 'POST',
    url: '/api/register/',
    headers: ip(),
    payload: { username, password: PASSWORD },
  });

const rename = (token: string, username: string) =>
  call(app, {
    method: 'PATCH',
    url: '/api/user/',
    headers: bearer(token),
    payload: { username },
  });

describe('registration', () => {
  it('refuses a name that reads like an existing one, in another script or with digits', async () => {
    expect((await register('aselbekova')).statusCode).toBe(201);
    // A Cyrillic а, then a Cyrillic е and о, then a zero for the o and a 1 for the l.
    for (const name of ['аselbekova', 'asеlbеkоva', 'aselbek0va', 'ase1bekova', 'ASELBEKOVA']) {
      const response = await register(name);
      expect(response.statusCode, name).toBe(400);
      const message =
        name === 'ASELBEKOVA' ? usersMessages.usernameTaken : authMessages.usernameLookAlike;
      expect(response.json(), name).toEqual({ username: [message] });
    }
  });

  it('refuses the reserved names and their look-alikes, accepts a new name', async () => {
    for (const name of [
      'Admin',
      'аdmin',
      'adm1n',
      'ROOT',
      'moderator',
      'Bagysh',
      'Багыш',
      'support',
    ]) {
      const response = await register(name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ username: [authMessages.usernameReserved] });
    }
    const accepted = await register('Нурбек_88');
    expect(accepted.statusCode).toBe(201);
    expect(UserSchema.parse(accepted.json<{ user: unknown }>().user).username).toBe('Нурбек_88');
  });

  it('lets one of several look-alikes registering at the same moment through', async () => {
    // Latin, a Cyrillic а, е or both, another case: each would pass the first check alone.
    const names = ['bakytbek', 'bаkytbek', 'bakytbеk', 'bаkytbеk', 'Bakytbek'];
    const responses = await Promise.all(names.map(register));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>())).toEqual(['username']);
    }
  });

  it('lets one of two accounts renamed to look-alikes at the same moment through', async () => {
    const first = (await register('Ainura_1')).json<{ access: string }>().access;
    const second = (await register('Ainura_2')).json<{ access: string }>().access;
    const responses = await Promise.all([rename(first, 'ainura'), rename(second, 'аinura')]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('compares with accounts made before the look-alike key was kept', async () => {
    // The factory writes no key, as on accounts older than the rule.
    await createTestUser(app, { username: 'Temirbek' });
    const response = await register('Теmirbek');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [authMessages.usernameLookAlike] });
  });
});

describe('renaming', () => {
  it('lets the account keep or recase its own name, and refuses look-alikes of others', async () => {
    const other = await register('kanybek');
    expect(other.statusCode).toBe(201);
    const created = await register('Жылдыз');
    const { access } = created.json<{ access: string }>();

    const same = await rename(access, 'Жылдыз');
    expect(same.statusCode).toBe(200);
    // Its own look-alike, too: the account is not compared with itself.
    const recased = await rename(access, 'ЖЫЛДЫЗ');
    expect(recased.statusCode).toBe(200);
    expect(recased.json<{ username: string }>().username).toBe('ЖЫЛДЫЗ');

    for (const name of ['kаnybek', 'Kanybek']) {
      const response = await rename(access, name);
      expect(response.statusCode, name).toBe(400);
      const message =
        name === 'Kanybek' ? usersMessages.usernameTaken : authMessages.usernameLookAlike;
      expect(response.json(), name).toEqual({ username: [message] });
    }
    const reserved = await rename(access, 'Аdministrator');
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toEqual({ username: [authMessages.usernameReserved] });

    const renamed = await rename(access, 'Jyldyz_2');
    expect(renamed.statusCode).toBe(200);
    expect(UserSchema.parse(renamed.json()).username).toBe('Jyldyz_2');
    // The new name signs in, and its look-alike is now refused to others.
    const login = await call(app, {
      method: 'POST',
      url: '/api/login/',
      headers: ip(),
      payload: { username: 'jyldyz_2', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await register('Jy1dyz_2')).json()).toEqual({
      username: [authMessages.usernameLookAlike],
    });
    // …and the old one is free again.
    expect((await register('Жылдыз')).statusCode).toBe(201);
  });
});
