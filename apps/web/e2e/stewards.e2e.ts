import { randomBytes } from 'node:crypto';
import { toRunes } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { E2E_PASSWORD, loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Branch stewards: the admin gives a member a branch on /users; the member, signed in again,
 * finds on /moderation the proposals of that branch only and accepts one. On a desktop in
 * Cyrillic and on a phone in runes, axe clean, nothing wider than the screen.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const tag = randomBytes(3).toString('hex');
let admin: Auth;
let baseUrl: string;

async function api<T>(auth: Auth, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A member's pending rename of a person; answers the proposal's id. */
async function proposeRename(member: Auth, id: number, name: string): Promise<number> {
  const person = await api<{ version: number }>(member, 'GET', `persons/${id}/`);
  return (
    await api<{ id: number }>(member, 'PATCH', `persons/${id}/`, { name, version: person.version })
  ).id;
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('branch stewards', () => {
  const session = useBrowser();

  beforeAll(async () => {
    baseUrl = session.baseUrl;
    admin = await loginAdmin();
  });

  for (const [viewport, lang] of [
    [DESKTOP, 'ky'],
    [PHONE, 'old_ky'],
  ] as const) {
    const where = `${viewport === DESKTOP ? 'desktop' : 'phone'}-${lang}`;
    it(`an admin gives a branch; its steward reviews only that branch (${where})`, async () => {
      const runes = lang === 'old_ky';
      const n = where.replace(/[^a-z]/g, '');
      const person = (fields: object) =>
        postCreated<{ id: number }>(baseUrl, admin.access, 'persons/', { sex: 'M', ...fields });
      const rootName = `Бутакбай${n} ${tag}`;
      const root = await person({ name: rootName });
      const son = await person({ name: `Бутак Уулу${n} ${tag}`, father_id: root.id });
      const outside = await person({ name: `Сырткы${n} ${tag}` });
      const proposer = await registerUser({ name: 'proposer' });
      const inside = await proposeRename(proposer, son.id, `Бутак Уулу Оңдолду${n} ${tag}`);
      const away = await proposeRename(proposer, outside.id, `Сырткы Оңдолду${n} ${tag}`);
      const steward = await registerUser({ name: `steward${n}` });

      // The admin opens the member's branches on /users and adds the root's.
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await signInAs(page, admin);
      await page.goto(`/users?q=${steward.user.username}`);
      const row = page.locator(`[data-username="${steward.user.username}"]`);
      await row.getByTestId('steward-branches-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('steward-empty').waitFor();
      await dialog.getByRole('combobox').fill(rootName);
      await page.getByRole('option').first().click();
      await dialog.getByRole('button', { name: 'Бутак кошуу' }).click();
      const list = dialog.getByTestId('steward-list');
      await list.waitFor();
      expect(await list.textContent()).toContain(runes ? toRunes(rootName) : rootName);
      await noOverflow(page);
      expect(await seriousViolations(page, runes)).toEqual([]);
      await shot(page, `stewards-users-${where}`);
      await page.context().close();

      // The steward signs in again: the moderation page shows the branch and its proposal.
      const login = await fetch(`${baseUrl}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: steward.user.username, password: E2E_PASSWORD }),
      });
      const fresh = (await login.json()) as Auth;
      expect(fresh.user.is_steward).toBe(true);
      const desk = await session.newPage(viewport);
      await storeLanguage(desk, lang);
      await signInAs(desk, fresh);
      await desk.goto('/moderation');
      const branches = desk.getByTestId('steward-branches');
      await branches.waitFor();
      const card = desk.locator(`[data-revision="${inside}"]`);
      await card.waitFor();
      expect(await desk.locator(`[data-revision="${away}"]`).count()).toBe(0);
      if (!runes) expect(await branches.textContent()).toContain(rootName);
      await noOverflow(desk);
      expect(await seriousViolations(desk, runes)).toEqual([]);
      await shot(desk, `stewards-moderation-${where}`);

      const accept = runes ? toRunes('Кабыл алуу') : 'Кабыл алуу';
      await card.getByRole('button', { name: accept }).click();
      await card.waitFor({ state: 'detached' });
      const renamed = await api<{ name: string }>(admin, 'GET', `persons/${son.id}/`);
      expect(renamed.name).toBe(`Бутак Уулу Оңдолду${n} ${tag}`);
      const untouched = await api<{ name: string }>(admin, 'GET', `persons/${outside.id}/`);
      expect(untouched.name).toBe(`Сырткы${n} ${tag}`);
    });
  }

  it('keeps a member without a branch out of the queue', async () => {
    const member = await registerUser({ name: 'nobranch' });
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await page.goto('/moderation');
    const refused = page.getByRole('alert').first();
    await refused.waitFor();
    expect(await refused.textContent()).toContain('бутак жооптуулары үчүн гана');
    expect(await page.locator('[data-revision]').count()).toBe(0);
  });
});
