import { authMessages, UserAdminSchema, UserSchema, type UsersPage } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { authErrors } from './auth.service';
import { bearer, call } from './test-support';
import { updateUserAsStaff, usersMessages } from './users.service';

interface Pair {
  access: string;
  refresh: string;
}

const NO_LIMITS = {
  loginRateLimit: 10_000,
  loginFailureLimit: 10_000,
  registerRateLimit: 10_000,
  refreshRateLimit: 10_000,
};

let app: App;
beforeAll(async () => {
  app = await createTestApp(NO_LIMITS);
});

async function login(user: TestUser, password = user.password): Promise<Pair> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/login/',
    payload: { username: user.username, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Pair>();
}

const refresh = (token: string) =>
  call(app, { method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

const patchUser = (actor: TestUser | undefined, id: number, payload: Record<string, unknown>) =>
  call(app, {
    method: 'PATCH',
    url: `/api/users/${id}/`,
    headers: actor?.headers ?? {},
    payload,
  });

describe('role checks on every users endpoint', () => {
  it('answers 401 to guests everywhere', async () => {
    const target = await createTestUser(app);
    const requests = [
      { method: 'GET', url: '/api/user/' },
      { method: 'PATCH', url: '/api/user/', payload: { full_name: 'X' } },
      {
        method: 'POST',
        url: '/api/user/password/',
        payload: { old_password: 'a', new_password: 'Long-enough-1' },
      },
      { method: 'GET', url: '/api/users/' },
      { method: 'PATCH', url: `/api/users/${target.id}/`, payload: { is_active: false } },
    ] as const;
    for (const request of requests) {
      const response = await call(app, request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json()).toEqual({ detail: 'Кирүү талап кылынат.' });
    }
  });

  it('answers 403 to a plain member on the staff endpoint, 200 on the others', async () => {
    const member = await createTestUser(app);
    const target = await createTestUser(app);
    const blocked = await patchUser(member, target.id, { is_active: false });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ detail: 'Кирүүгө уруксат жок.' });
    expect((await patchUser(member, target.id, { role: 'admin' })).statusCode).toBe(403);
    expect((await call(app, { url: '/api/users/', headers: member.headers })).statusCode).toBe(200);
    expect((await call(app, { url: '/api/user/', headers: member.headers })).statusCode).toBe(200);
  });
});

describe('GET /api/user/', () => {
  it('answers the current user with exactly the documented fields', async () => {
    const member = await createTestUser(app, { fullName: 'Айгүл Асанова' });
    const response = await call(app, { url: '/api/user/', headers: member.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
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
    expect(UserSchema.parse(body)).toMatchObject({
      id: member.id,
      username: member.username,
      full_name: 'Айгүл Асанова',
      email: null,
      role: 'user',
      avatar: null,
      is_steward: false,
    });
  });
});

describe('PATCH /api/user/', () => {
  it('edits full name, e-mail and avatar, and keeps them', async () => {
    const member = await createTestUser(app);
    const avatarId = await createTestFileRow(app, member.id);
    const missing = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: member.headers,
      payload: { full_name: 'Жок', avatar_file_id: 999999 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ avatar_file_id: ['Мындай сүрөт файлы табылган жок.'] });
    const response = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: member.headers,
      payload: {
        full_name: '  Бекболот Токтогулов ',
        email: 'Bek@Mail.kg',
        avatar_file_id: avatarId,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      full_name: 'Бекболот Токтогулов',
      email: 'Bek@Mail.kg',
      avatar: `/api/files/${avatarId}/download/`,
    });
    const again = await call(app, { url: '/api/user/', headers: member.headers });
    expect(again.json()).toEqual(response.json());

    const cleared = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: member.headers,
      payload: { email: '', avatar_file_id: null },
    });
    expect(cleared.json()).toMatchObject({
      full_name: 'Бекболот Токтогулов',
      email: null,
      avatar: null,
    });
  });

  it("takes as avatar only an image that is public or the member's own", async () => {
    const member = await createTestUser(app);
    const other = await createTestUser(app);
    const othersPrivate = await createTestFileRow(app, other.id, { visibility: 'members' });
    const othersPublic = await createTestFileRow(app, other.id);
    const ownPrivate = await createTestFileRow(app, member.id, { visibility: 'members' });
    const ownPdf = await createTestFileRow(app, member.id, { kind: 'pdf' });
    const setAvatar = (fileId: number) =>
      call(app, {
        method: 'PATCH',
        url: '/api/user/',
        headers: member.headers,
        payload: { avatar_file_id: fileId },
      });
    const refusal = {
      avatar_file_id: ['Аватар катары өзүңүз жүктөгөн же баарына ачык сүрөт гана тандалат.'],
    };
    for (const fileId of [othersPrivate, ownPdf]) {
      const refused = await setAvatar(fileId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(refusal);
    }
    const [row] = await app.db
      .select({ avatarFileId: users.avatarFileId })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row?.avatarFileId).toBeNull();
    for (const fileId of [othersPublic, ownPrivate]) {
      const accepted = await setAvatar(fileId);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ avatar: `/api/files/${fileId}/download/` });
    }
  });

  it('refuses an e-mail of another user (letter case ignored) and a malformed one', async () => {
    const first = await createTestUser(app);
    const second = await createTestUser(app);
    await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: first.headers,
      payload: { email: 'taken@example.kg' },
    });
    const taken = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: second.headers,
      payload: { email: 'TAKEN@example.kg' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: [usersMessages.emailTaken] });
    // Re-saving one's own e-mail in another case is fine.
    const own = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: first.headers,
      payload: { email: 'Taken@Example.kg' },
    });
    expect(own.statusCode).toBe(200);

    const malformed = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: second.headers,
      payload: { email: 'nope', avatar_file_id: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json()).sort()).toEqual(['avatar_file_id', 'email']);
  });

  it('does not let a member change their own role (a new username is a rename)', async () => {
    const member = await createTestUser(app);
    const response = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: member.headers,
      payload: { role: 'admin', username: 'boss', full_name: 'Жаңы' },
    });
    expect(response.statusCode).toBe(200);
    // Renames and their refusals: usernames.routes.test.ts.
    expect(response.json()).toMatchObject({ role: 'user', username: 'boss' });
  });
});

describe('POST /api/user/password/', () => {
  const change = (member: TestUser, payload: Record<string, unknown>) =>
    call(app, {
      method: 'POST',
      url: '/api/user/password/',
      headers: member.headers,
      payload,
    });

  it('requires the right old password and the password rules', async () => {
    const member = await createTestUser(app);
    const wrong = await change(member, {
      old_password: 'Not-my-password-1',
      new_password: 'Brand-new-secret-7',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: [usersMessages.wrongOldPassword] });

    const sameAsName = await change(member, {
      old_password: member.password,
      new_password: member.username.toUpperCase(),
    });
    expect(sameAsName.statusCode).toBe(400);
    expect(sameAsName.json()).toEqual({ new_password: [authMessages.passwordSameAsUsername] });

    const common = await change(member, {
      old_password: member.password,
      new_password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ new_password: [authMessages.passwordTooCommon] });
  });

  it('changes the password, ends every other session and answers a new pair', async () => {
    const member = await createTestUser(app);
    const otherDevice = await login(member);
    const response = await change(member, {
      old_password: member.password,
      new_password: 'Brand-new-secret-7',
    });
    expect(response.statusCode).toBe(200);
    const pair = response.json<Pair>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);

    // Access tokens issued before the change stop working at once, on every device…
    for (const access of [member.token, otherDevice.access]) {
      const me = await call(app, { url: '/api/user/', headers: bearer(access) });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ detail: authErrors.invalidToken });
    }
    // …while this client goes on with the new pair.
    expect((await call(app, { url: '/api/user/', headers: bearer(pair.access) })).statusCode).toBe(
      200,
    );
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
    const old = await call(app, {
      method: 'POST',
      url: '/api/login/',
      payload: { username: member.username, password: member.password },
    });
    expect(old.statusCode).toBe(401);
    await login(member, 'Brand-new-secret-7');
  });
});

describe('GET /api/users/', () => {
  let staffApp: App;
  let admin: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let blocked: TestUser;
  let omurbek: TestUser;

  beforeAll(async () => {
    // A database of its own, so that counts and pages are exact.
    staffApp = await createTestApp(NO_LIMITS);
    admin = await createTestUser(staffApp, { role: 'admin', username: 'Admin_Bakyt' });
    moderator = await createTestUser(staffApp, { role: 'moderator', username: 'Moder_Aida' });
    member = await createTestUser(staffApp, { username: 'Үсөн', fullName: 'Асан Үсөнов' });
    omurbek = await createTestUser(staffApp, { username: 'omur_k', fullName: 'Өмүрбек Касымов' });
    blocked = await createTestUser(staffApp, { username: 'Ясын', isActive: false });
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await staffApp.db
      .update(users)
      .set({ lastSeenAt: minutesAgo(2), email: 'asan@example.kg', emailKey: 'asan@example.kg' })
      .where(eq(users.id, member.id));
    await staffApp.db
      .update(users)
      .set({ lastSeenAt: minutesAgo(10) })
      .where(eq(users.id, omurbek.id));
  });

  const list = (viewer: TestUser, query = '') =>
    call(staffApp, { url: `/api/users/${query}`, headers: viewer.headers });

  it('shows members the directory without e-mails or blocked accounts', async () => {
    const response = await list(member);
    expect(response.statusCode).toBe(200);
    const page = response.json<UsersPage>();
    expect(page.count).toBe(4);
    expect(page.results.map((user) => user.username)).not.toContain(blocked.username);
    for (const user of page.results) {
      expect(Object.keys(user).sort()).toEqual(
        ['avatar', 'full_name', 'id', 'online', 'role', 'username'].sort(),
      );
    }
    const roles = Object.fromEntries(page.results.map((user) => [user.username, user.role]));
    expect(roles).toMatchObject({ Admin_Bakyt: 'admin', Moder_Aida: 'moderator', Үсөн: 'user' });
  });

  it('marks as online those seen within five minutes', async () => {
    const page = (await list(moderator)).json<UsersPage>();
    const online = Object.fromEntries(page.results.map((user) => [user.username, user.online]));
    expect(online['Үсөн']).toBe(true);
    expect(online['omur_k']).toBe(false);
    // The moderator's own request just now counts as being seen.
    expect(online['Moder_Aida']).toBe(true);
  });

  it('shows admins and moderators e-mail, status, last visit and blocked accounts', async () => {
    for (const viewer of [admin, moderator]) {
      const page = (await list(viewer)).json<UsersPage>();
      expect(page.count).toBe(5);
      const asan = page.results.find((user) => user.id === member.id);
      expect(asan).toMatchObject({ email: 'asan@example.kg', is_active: true });
      expect(asan?.last_seen_at).toEqual(expect.any(String));
      expect(asan?.date_joined).toEqual(expect.any(String));
      expect(page.results.find((user) => user.id === blocked.id)?.is_active).toBe(false);
    }
    const onlyBlocked = (await list(admin, '?is_active=false')).json<UsersPage>();
    expect(onlyBlocked.results.map((user) => user.id)).toEqual([blocked.id]);
    // The filter cannot reveal blocked accounts to members: for them it is ignored.
    const asMember = (await list(member, '?is_active=false')).json<UsersPage>();
    expect(asMember.results.map((user) => user.id)).not.toContain(blocked.id);
  });

  it('searches usernames and full names, case and spelling folded', async () => {
    const search = async (q: string) =>
      (await list(member, `?q=${encodeURIComponent(q)}`))
        .json<UsersPage>()
        .results.map((user) => user.username);
    expect(await search('асан')).toEqual(['Үсөн']);
    expect(await search('ҮСӨН')).toEqual(['Үсөн']);
    expect(await search('Omurbek')).toEqual(['omur_k']);
    expect(await search('OMUR_')).toEqual(['omur_k']);
    expect(await search('admin_')).toEqual(['Admin_Bakyt']);
    expect(await search('%')).toEqual([]);
    expect(await search('ясын')).toEqual([]);
    const moderators = (await list(member, '?role=moderator')).json<UsersPage>();
    expect(moderators.results.map((user) => user.username)).toEqual(['Moder_Aida']);
  });

  it('pages with count, next and previous', async () => {
    const first = (await list(admin, '?page_size=2')).json<UsersPage>();
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/users\/\?page_size=2&page=2$/);
    const last = (await list(admin, '?page_size=2&page=3')).json<UsersPage>();
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    expect(last.previous).toMatch(/page=2/);
    const seen = new Set<number>();
    for (const page of [1, 2, 3]) {
      const body = (await list(admin, `?page_size=2&page=${page}`)).json<UsersPage>();
      for (const user of body.results) seen.add(user.id);
    }
    expect(seen.size).toBe(5);
    expect((await list(admin, '?page_size=101')).statusCode).toBe(400);
  });

  it('orders by username in Kyrgyz alphabetical order (Ү before Я, unlike code points)', async () => {
    const page = (await list(admin)).json<UsersPage>();
    const cyrillic = page.results
      .map((user) => user.username)
      .filter((name) => /^[\u0400-\u04FF]/.test(name));
    expect(cyrillic).toEqual(['Үсөн', 'Ясын']);
  });
});

describe('PATCH /api/users/{id}/', () => {
  it('lets an admin change roles, and the new moderator then has the controls', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const member = await createTestUser(app);
    const target = await createTestUser(app);
    expect((await patchUser(member, target.id, { is_active: false })).statusCode).toBe(403);

    const promoted = await patchUser(admin, member.id, { role: 'moderator' });
    expect(promoted.statusCode).toBe(200);
    expect(UserAdminSchema.parse(promoted.json())).toMatchObject({
      id: member.id,
      role: 'moderator',
      is_active: true,
    });
    // Same token: the role is read from the database on every request.
    const blocked = await patchUser(member, target.id, { is_active: false });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ is_active: false });
  });

  it('lets a moderator block and unblock members; a blocked member loses every session', async () => {
    const moderator = await createTestUser(app, { role: 'moderator' });
    const member = await createTestUser(app);
    const session = await login(member);

    const blocked = await patchUser(moderator, member.id, { is_active: false });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ is_active: false, role: 'user' });
    expect((await call(app, { url: '/api/user/', headers: member.headers })).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);

    const unblocked = await patchUser(moderator, member.id, { is_active: true });
    expect(unblocked.json()).toMatchObject({ is_active: true });
    // Unblocking does not bring the old access token back; signing in again works.
    expect((await call(app, { url: '/api/user/', headers: member.headers })).statusCode).toBe(401);
    const again = await login(member);
    expect((await call(app, { url: '/api/user/', headers: bearer(again.access) })).statusCode).toBe(
      200,
    );
  });

  it('does not let a moderator change roles or block other staff', async () => {
    const moderator = await createTestUser(app, { role: 'moderator' });
    const otherModerator = await createTestUser(app, { role: 'moderator' });
    const admin = await createTestUser(app, { role: 'admin' });
    const member = await createTestUser(app);

    const role = await patchUser(moderator, member.id, { role: 'moderator' });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toEqual({ detail: usersMessages.onlyAdminChangesRoles });
    for (const target of [otherModerator, admin]) {
      const response = await patchUser(moderator, target.id, { is_active: false });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: usersMessages.moderatorLimits });
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.isActive).toBe(true);
  });

  it('does not let anyone demote or block themselves', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    await createTestUser(app, { role: 'admin' });
    const moderator = await createTestUser(app, { role: 'moderator' });
    for (const [actor, payload] of [
      [admin, { role: 'user' }],
      [admin, { is_active: false }],
      [moderator, { is_active: false }],
    ] as const) {
      const response = await patchUser(actor, actor.id, payload);
      expect(response.statusCode).toBe(403);
      if (actor === admin) expect(response.json()).toEqual({ detail: usersMessages.notYourself });
    }
    // A no-op on oneself is harmless.
    expect((await patchUser(admin, admin.id, { role: 'admin' })).statusCode).toBe(200);
  });

  it('answers 404 for a missing user and 400 for an empty or wrong body', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    expect((await patchUser(admin, 999_999, { is_active: false })).statusCode).toBe(404);
    const empty = await patchUser(admin, admin.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: [authMessages.nothingToChange] });
    const wrong = await patchUser(admin, admin.id, { role: 'king' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['role']);
  });
});

describe('last active admin', () => {
  let adminApp: App;
  let solo: TestUser;
  beforeAll(async () => {
    // A database of its own, with a single admin at first.
    adminApp = await createTestApp(NO_LIMITS);
    solo = await createTestUser(adminApp, { role: 'admin' });
  });

  async function activeAdmins(): Promise<number> {
    const rows = await adminApp.db.select().from(users).where(eq(users.role, 'admin'));
    return rows.filter((row) => row.isActive).length;
  }

  it('the only admin cannot demote or block themselves', async () => {
    const admin = solo;
    for (const payload of [{ role: 'moderator' }, { is_active: false }]) {
      const response = await call(adminApp, {
        method: 'PATCH',
        url: `/api/users/${admin.id}/`,
        headers: admin.headers,
        payload,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await activeAdmins()).toBe(1);
  });

  it('refuses with 409 when the target is the last active admin (actor demoted meanwhile)', async () => {
    const stale = await createTestUser(adminApp, { role: 'user' });
    // The actor passed the role check as an admin, then lost the role before the update.
    const attempt = updateUserAsStaff(
      adminApp.db,
      { id: stale.id, username: stale.username, role: 'admin' },
      solo.id,
      { role: 'user' },
    );
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      message: usersMessages.lastAdmin,
    });
    expect(await activeAdmins()).toBe(1);
  });

  it('two admins demoting each other at once: one succeeds, an admin remains', async () => {
    const first = await createTestUser(adminApp, { role: 'admin' });
    const second = await createTestUser(adminApp, { role: 'admin' });
    // Leave exactly these two active admins.
    await adminApp.db.update(users).set({ isActive: false }).where(eq(users.id, solo.id));
    expect(await activeAdmins()).toBe(2);

    const [a, b] = await Promise.all([
      call(adminApp, {
        method: 'PATCH',
        url: `/api/users/${second.id}/`,
        headers: first.headers,
        payload: { role: 'user' },
      }),
      call(adminApp, {
        method: 'PATCH',
        url: `/api/users/${first.id}/`,
        headers: second.headers,
        payload: { is_active: false },
      }),
    ]);
    const codes = [a.statusCode, b.statusCode];
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    // The other is refused: no longer an admin (403), the last one (409), or, when the
    // winner deactivated its author before it was read, signed out with them (401).
    expect(codes.find((code) => code !== 200)).toBeOneOf([401, 403, 409]);
    expect(await activeAdmins()).toBe(1);
  });
});
