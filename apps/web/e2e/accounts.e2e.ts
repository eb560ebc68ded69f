import { authMessages } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, forgetRefusals, useBrowser } from './support/browser';
import { open } from './support/shell';

const PASSWORD = 'Kara-Too-2024!';
/** A 1×1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

interface Session {
  access: string;
  refresh: string;
  user: { id: number; username: string; role: string };
}

async function call(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const body: unknown = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function registerUser(baseUrl: string, prefix: string) {
  const username = unique(prefix);
  const answer = (await call(baseUrl, 'register/', {
    method: 'POST',
    body: JSON.stringify({ username, password: PASSWORD }),
  })) as Session;
  return { username, session: answer };
}

async function apiLogin(baseUrl: string, username: string, password: string) {
  return (await call(baseUrl, 'login/', {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  })) as Session;
}

/** Puts a real session into localStorage before the site starts. */
async function storeSession(page: Page, session: Session) {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    localStorage.setItem(
      'access-token',
      JSON.stringify({ access: stored.access, refresh: stored.refresh }),
    );
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
}

async function loginThroughUi(page: Page, username: string, password: string) {
  await open(page, '/login');
  await page.getByLabel('Колдонуучу аты').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Кирүү', exact: true }).click();
}

function storedToken(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('access-token') ?? 'null') as Session | null,
  );
}

describe('accounts: register, log out, log in (docs/product.md, Session and Logout)', () => {
  const session = useBrowser();

  it('registers through the form, signs out with the snackbar, and signs in again', async () => {
    const page = await session.newPage(DESKTOP);
    const username = unique('reg');
    await open(page, '/login');
    expect(await page.title()).toContain('Кирүү');
    await page.getByRole('tab', { name: 'Катталуу' }).click();
    // Client-side validation in Kyrgyz, before any call.
    await page.getByLabel('Колдонуучу аты').fill('ab');
    await page.locator('input[name="password"]').fill('12345678');
    await page.getByRole('button', { name: 'Катталуу', exact: true }).click();
    await page.getByText('Бул сырсөз өтө жөнөкөй').waitFor();

    await page.getByLabel('Колдонуучу аты').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByLabel(/Толук аты-жөнү/).fill('Асан Үсөнов');
    await page.getByRole('button', { name: 'Катталуу', exact: true }).click();
    await page.waitForURL(`${session.baseUrl}/`);
    const header = page.locator('header');
    await header.getByRole('button', { name: 'Асан Үсөнов' }).waitFor();
    const stored = await page.evaluate(() => ({
      token: JSON.parse(localStorage.getItem('access-token') ?? 'null') as unknown,
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string } | null,
    }));
    expect(typeof (stored.token as Session).access).toBe('string');
    expect(typeof (stored.token as Session).refresh).toBe('string');
    expect(stored.user?.username).toBe(username);

    // Log out: the server session ends, storage is cleared, success snackbar, then /.
    const refresh = (stored.token as Session).refresh;
    // Through the drawer (the narrow-screen path to 'Чыгуу').
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByTestId('nav-drawer').getByRole('button', { name: 'Чыгуу' }).click();
    await page
      .getByRole('dialog', { name: 'Чыгуу' })
      .getByRole('button', { name: 'Чыгуу' })
      .click();
    const snackbar = page.getByTestId('snackbar');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toBe('Ийгиликтүү');
    await page.waitForURL(`${session.baseUrl}/`);
    expect(await storedToken(page)).toBeNull();
    await expect(
      call(session.baseUrl, 'token/refresh/', {
        method: 'POST',
        body: JSON.stringify({ refresh }),
      }),
    ).rejects.toThrow(/401/);

    // Wrong password: the API's message on the form.
    await loginThroughUi(page, username, 'not-the-password');
    await page.getByRole('alert').waitFor();
    expect(page.url()).toBe(`${session.baseUrl}/login`);

    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Кирүү', exact: true }).click();
    await page.waitForURL(`${session.baseUrl}/`);
    await page.setViewportSize(DESKTOP);
    await header.getByRole('button', { name: 'Асан Үсөнов' }).waitFor();
    // The failed login answered 401 on purpose.
    forgetRefusals(session, 401);
  });
});

describe('accounts: guards (docs/product.md, Route guard)', () => {
  const session = useBrowser();

  it('sends guests from login-only pages, /profile too, to / with a sign-in', async () => {
    const page = await session.newPage(PHONE);
    await page.goto('/users');
    await page.waitForURL(`${session.baseUrl}/`);
    await page.getByTestId('guard-notice').waitFor();
    await page.goto('/profile');
    await page.waitForURL(`${session.baseUrl}/`);
    const signIn = page.getByTestId('guard-notice').getByRole('link', { name: 'Кирүү' });
    expect(await signIn.getAttribute('href')).toBe('/login?next=%2Fprofile');
  });

  it('sends a signed-in visitor from /login to /', async () => {
    const { session: account } = await registerUser(session.baseUrl, 'guard');
    const page = await session.newPage(DESKTOP);
    await storeSession(page, account);
    await page.goto('/login');
    await page.waitForURL(`${session.baseUrl}/`);
  });
});

describe('accounts: look-alike usernames (docs/security.md, Sign-in and sessions)', () => {
  const session = useBrowser();

  it('refuses a reserved name and a look-alike at registration and at a rename, in Kyrgyz', async () => {
    const { username: taken } = await registerUser(session.baseUrl, 'lookalike');
    // The same name with a Cyrillic а: reads the same, and is refused by the API.
    const lookAlike = taken.replace('a', '\u0430');
    const page = await session.newPage(DESKTOP);
    await open(page, '/login');
    await page.getByRole('tab', { name: 'Катталуу' }).click();
    // A reserved name (with a Cyrillic а too) is refused by the form before any call.
    await page.getByLabel('Колдонуучу аты').fill('\u0430dmin');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Катталуу', exact: true }).click();
    await page.getByText(authMessages.usernameReserved).waitFor();
    await page.getByLabel('Колдонуучу аты').fill(lookAlike);
    await page.getByRole('button', { name: 'Катталуу', exact: true }).click();
    await page.getByText(authMessages.usernameLookAlike).waitFor();
    expect(page.url()).toBe(`${session.baseUrl}/login`);

    const { session: account } = await registerUser(session.baseUrl, 'ren');
    const phone = await session.newPage(PHONE);
    await storeSession(phone, account);
    await open(phone, '/profile');
    const field = phone.getByLabel('Колдонуучу аты');
    await field.fill(lookAlike);
    await phone.getByRole('button', { name: 'Сактоо' }).click();
    await phone.getByText(authMessages.usernameLookAlike).waitFor();
    const renamed = unique('renamed');
    await field.fill(renamed);
    await phone.getByRole('button', { name: 'Сактоо' }).click();
    await phone.getByText('Сакталды').waitFor();
    await phone.reload();
    await phone.getByText(`@${renamed}`).waitFor();
    expect(await phone.getByLabel('Колдонуучу аты').inputValue()).toBe(renamed);
    // The refused registration and rename answered 400 on purpose.
    forgetRefusals(session, 400);
  });
});

describe('accounts: token expiry and profile', () => {
  const session = useBrowser();

  it('refreshes an expired access token without the user noticing', async () => {
    const { username, session: account } = await registerUser(session.baseUrl, 'exp');
    const page = await session.newPage(DESKTOP);
    await storeSession(page, account);
    await open(page, '/users');
    // The access token expires (here: replaced by a forged one) while the refresh stays valid.
    await page.evaluate(() => {
      const pair = JSON.parse(localStorage.getItem('access-token') ?? '{}') as Session;
      localStorage.setItem(
        'access-token',
        JSON.stringify({ ...pair, access: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' }),
      );
    });
    await open(page, '/profile');
    await page.getByText(`@${username}`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(page.url()).toBe(`${session.baseUrl}/profile`);
    const token = await storedToken(page);
    expect(token?.access).not.toContain('forged');
    expect(token?.refresh).not.toBe(account.refresh);
    // Client-side navigation keeps working with the new pair.
    await page.goto('/users');
    await page.locator('[data-testid="user-row"]').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    // The refused first request is the browser's network log, not something the user sees.
    forgetRefusals(session, 401);
  });

  it('keeps a profile edit across a reload', async () => {
    const { session: account } = await registerUser(session.baseUrl, 'prof');
    const page = await session.newPage(PHONE);
    await storeSession(page, account);
    await open(page, '/profile');
    const fullName = page.getByLabel('Толук аты-жөнү');
    await fullName.fill('Бакыт Осмонов');
    await page.getByLabel('Электрондук почта').fill('bad-email');
    await page.getByRole('button', { name: 'Сактоо' }).click();
    await page
      .getByText(/туура эмес|e-mail|почта/i)
      .first()
      .waitFor();
    const email = `${account.user.username.toLowerCase()}@example.kg`;
    await page.getByLabel('Электрондук почта').fill(email);
    await page.getByRole('button', { name: 'Сактоо' }).click();
    await page.getByText('Сакталды').waitFor();
    await page.reload();
    await page.getByText('Бакыт Осмонов').first().waitFor();
    expect(await page.getByLabel('Толук аты-жөнү').inputValue()).toBe('Бакыт Осмонов');
    expect(await page.getByLabel('Электрондук почта').inputValue()).toBe(email);

    // An avatar: uploaded as a public file, then set on the profile; the header shows it.
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    });
    await page.getByText('Сүрөт жаңыртылды').waitFor();
    const image = page.getByTestId('profile-avatar-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/\d+\/download\/$/);
    await page.reload();
    await page.getByTestId('profile-avatar-image').waitFor();
  });
});

describe('accounts: roles on /users', () => {
  const session = useBrowser();

  it('an admin promotes a user to moderator, who then sees the controls', async () => {
    const admin = await apiLogin(session.baseUrl, inject('adminUsername'), inject('adminPassword'));
    const { username } = await registerUser(session.baseUrl, 'mod');

    const page = await session.newPage(DESKTOP);
    await storeSession(page, admin);
    await open(page, `/users?q=${username}`);
    const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await row.waitFor();
    expect(await row.locator('[data-role]').count()).toBe(0);
    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Модератор' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ролду өзгөртүү' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Ырастоо' }).click();
    await row.locator('[data-role="moderator"]').waitFor();

    // The admin cannot change their own role: no controls on their own row.
    await open(page, `/users?q=${inject('adminUsername')}`);
    const own = page.locator(
      `[data-testid="user-row"][data-username="${inject('adminUsername')}"]`,
    );
    await own.locator('[data-role="admin"]').waitFor();
    expect(await own.getByRole('combobox').count()).toBe(0);

    const modPage = await session.newPage(PHONE);
    await loginThroughUi(modPage, username, PASSWORD);
    await modPage.waitForURL(`${session.baseUrl}/`);
    await open(modPage, '/users');
    await modPage.getByRole('button', { name: 'Бөгөттөө' }).first().waitFor();
    // Moderators block and unblock; only admins change roles.
    expect(await modPage.getByTestId('role-select').count()).toBe(0);
  });
});
