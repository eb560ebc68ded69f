import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { open } from './support/shell';

interface Auth {
  access: string;
  refresh: string;
  user: { id: number; username: string; role?: string } & Record<string, unknown>;
}

const PASSWORD = 'Kok-Jal-Polls-2024';
const suffix = Math.random().toString(36).slice(2, 8);

async function call(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(`${baseUrl}/api/${path}`, {
    ...rest,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

async function login(baseUrl: string, username: string, password: string): Promise<Auth> {
  const response = await call(baseUrl, 'login/', {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  expect(response.status, `login ${username}`).toBe(200);
  return (await response.json()) as Auth;
}

/** Registers a member (waiting out the per-minute registration limit other files may use up). */
async function register(baseUrl: string, name: string): Promise<Auth> {
  const username = `${name}_${suffix}`;
  for (let attempt = 0; ; attempt += 1) {
    const response = await call(baseUrl, 'register/', {
      method: 'POST',
      body: JSON.stringify({ username, password: PASSWORD, full_name: `${name} ${suffix}` }),
    });
    if (response.status === 429 && attempt < 8) {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      continue;
    }
    expect(response.status, `register ${username}`).toBe(201);
    return (await response.json()) as Auth;
  }
}

/** Puts a real session into localStorage before the site starts. */
async function signInAs(page: Page, auth: Auth, user: Record<string, unknown> = auth.user) {
  await page.addInitScript(
    ({ token, stored }) => {
      localStorage.setItem('access-token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(stored));
    },
    { token: { access: auth.access, refresh: auth.refresh }, stored: user },
  );
}

const card = (page: Page, question: string) =>
  page.locator('[data-testid="poll-card"]', { hasText: question });

async function vote(page: Page, question: string, option: string) {
  const poll = card(page, question);
  await poll.waitFor();
  expect(await poll.getByTestId('poll-results-hidden').count()).toBe(1);
  await poll.getByRole('radio', { name: option }).check();
  await poll.getByRole('button', { name: 'Добуш берүү' }).click();
  await page.getByText('Ийгиликтүү').first().waitFor();
  await poll.getByTestId('poll-results').waitFor();
  await expect.poll(() => poll.getByTestId('poll-my-vote').textContent()).toContain(option);
}

describe('polls', () => {
  const session = useBrowser();

  it('a moderator creates a poll, two members vote, results show, the moderator finishes it', async () => {
    const baseUrl = session.baseUrl;
    const admin = await login(baseUrl, inject('adminUsername'), inject('adminPassword'));
    const registered = await register(baseUrl, 'moder');
    const patched = await call(baseUrl, `users/${registered.user.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: JSON.stringify({ role: 'moderator' }),
    });
    expect(patched.status).toBe(200);
    const moderator = await login(baseUrl, registered.user.username, PASSWORD);
    const alice = await register(baseUrl, 'alice');
    const bek = await register(baseUrl, 'bek');
    const question = `Той качан болот? ${suffix}`;

    // The moderator: the stored user lacks the role, so the page asks GET /api/user/.
    const modPage = await session.newPage(DESKTOP);
    const { role: _role, ...withoutRole } = moderator.user;
    await signInAs(modPage, moderator, withoutRole);
    await open(modPage, '/polls');
    const newPoll = modPage.getByRole('button', { name: 'Жаны сурамжылоо' });
    await newPoll.click();
    const dialog = modPage.getByRole('dialog', { name: 'Жаны сурамжылоо' });
    await dialog.waitFor();

    // Escape closes it (the shell's overlay stack); then validation shows Kyrgyz messages.
    await modPage.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await newPoll.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Түзүү' }).click();
    await expect.poll(() => dialog.locator('.Mui-error').count()).toBeGreaterThan(0);

    await dialog.getByLabel('Суроо').fill(question);
    const inputs = dialog.getByTestId('poll-option-input');
    await inputs.nth(0).fill('Жайында');
    await inputs.nth(1).fill('жайында ');
    await dialog.getByRole('button', { name: 'Түзүү' }).click();
    await dialog.getByText('Варианттар кайталанбашы керек.').waitFor();
    await inputs.nth(1).fill('Күзүндө');
    await dialog.getByRole('button', { name: 'Вариант кошуу' }).click();
    await inputs.nth(2).fill('Кышында');
    await dialog.getByLabel('Жашыруун (ким эмнени тандаганы көрүнбөйт)').uncheck();
    await dialog.getByRole('button', { name: 'Түзүү' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const modCard = card(modPage, question);
    await modCard.waitFor();
    expect(await modCard.getAttribute('data-status')).toBe('active');
    // Moderators see results live: nobody has voted yet.
    expect(await modCard.getByTestId('poll-total-voters').textContent()).toBe('0 киши добуш берди');

    // Two members vote, one at desktop and one at phone width.
    const alicePage = await session.newPage(DESKTOP);
    await signInAs(alicePage, alice);
    await open(alicePage, '/polls');
    expect(await alicePage.getByRole('button', { name: 'Жаны сурамжылоо' }).count()).toBe(0);
    await vote(alicePage, question, 'Жайында');

    const bekPage = await session.newPage(PHONE);
    await signInAs(bekPage, bek);
    await open(bekPage, '/polls');
    await vote(bekPage, question, 'Күзүндө');
    const bekCard = card(bekPage, question);
    await expect
      .poll(() => bekCard.getByTestId('poll-total-voters').textContent())
      .toBe('2 киши добуш берди');
    const counts = await bekCard.getByTestId('poll-result-count').allTextContents();
    expect(counts).toEqual(['1 добуш · 50%', '1 добуш · 50%', '0 добуш · 0%']);

    // The moderator sees the results and, in an open poll, who chose what.
    await modPage.reload();
    await modCard.waitFor();
    await expect
      .poll(() => modCard.getByTestId('poll-total-voters').textContent())
      .toBe('2 киши добуш берди');
    await modCard.getByRole('button', { name: 'Ким эмнени тандады' }).click();
    await modCard.getByText(`alice ${suffix}`).waitFor();
    await modCard.getByText(`bek ${suffix}`).waitFor();

    // Finish, with a confirmation.
    await modCard.getByRole('button', { name: 'Аяктоо' }).click();
    const confirm = modPage.getByRole('dialog', { name: 'Сурамжылоону аяктоо' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Аяктоо' }).click();
    await expect.poll(() => modCard.getAttribute('data-status')).toBe('finished');
    await modCard.getByText('Аяктады').first().waitFor();
    await modCard.getByTestId('poll-closed').waitFor();

    // Voting is closed for members: no ballot in the page, and the API answers 409.
    await alicePage.reload();
    const aliceCard = card(alicePage, question);
    await aliceCard.waitFor();
    await expect.poll(() => aliceCard.getAttribute('data-status')).toBe('finished');
    expect(await aliceCard.getByRole('radio').count()).toBe(0);
    expect(await aliceCard.getByRole('button', { name: 'Добуш берүү' }).count()).toBe(0);
    expect(await aliceCard.getByTestId('poll-closed').textContent()).toBe('Добуш берүү жабык.');
    const id = Number(await aliceCard.getAttribute('data-poll-id'));
    const late = await call(baseUrl, `polls/${id}/vote/`, {
      method: 'POST',
      token: bek.access,
      body: JSON.stringify({ option_ids: [1] }),
    });
    expect(late.status).toBe(409);

    // The finished tab lists it; the active tab does not.
    await alicePage.getByTestId('poll-filter-finished').click();
    await alicePage.waitForURL(/status=finished/);
    await card(alicePage, question).waitFor();
    await alicePage.getByTestId('poll-filter-active').click();
    await alicePage.waitForURL(/status=active/);
    await expect.poll(() => card(alicePage, question).count()).toBe(0);
  });

  it('cancels a poll with a reason and deletes one without votes', async () => {
    const baseUrl = session.baseUrl;
    const admin = await login(baseUrl, inject('adminUsername'), inject('adminPassword'));
    const make = async (question: string) => {
      const response = await call(baseUrl, 'polls/', {
        method: 'POST',
        token: admin.access,
        body: JSON.stringify({ question, options: ['Ооба', 'Жок'] }),
      });
      expect(response.status).toBe(201);
    };
    const toCancel = `Жокко чыгарылуучу ${suffix}`;
    const toDelete = `Өчүрүлүүчү ${suffix}`;
    await make(toCancel);
    await make(toDelete);

    const page = await session.newPage(PHONE);
    await signInAs(page, admin);
    await open(page, '/polls');

    const canceled = card(page, toCancel);
    await canceled.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    const dialog = page.getByRole('dialog', { name: 'Сурамжылоону жокко чыгаруу' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await dialog.locator('.Mui-error').first().waitFor();
    await dialog.getByLabel('Себеби').fill('Убакыт туура келбейт');
    await dialog.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await expect.poll(() => canceled.getAttribute('data-status')).toBe('canceled');
    expect(await canceled.getByTestId('poll-cancel-reason').textContent()).toContain(
      'Убакыт туура келбейт',
    );

    const deleted = card(page, toDelete);
    await deleted.getByRole('button', { name: 'Өчүрүү' }).click();
    const confirm = page.getByRole('dialog', { name: 'Өчүрүү керекпи?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Өчүрүү' }).click();
    await expect.poll(() => deleted.count()).toBe(0);
  });
});
