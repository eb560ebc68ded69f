import { randomBytes } from 'node:crypto';
import { toRunes } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, PHONE, forgetRefusals, useBrowser } from './support/browser';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Members' work is never silently lost: a moderator accepts a proposal whose field was changed
 * since, choosing the value to keep, and its author reads the outcome on /contributions; a
 * member joins a branch to the tree by choosing a father by name in the person editor, and a
 * choice that would make someone their own ancestor is refused beside the picker. At 1440 and
 * 390 px, in Cyrillic and in runes, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const tag = randomBytes(3).toString('hex');
const CYCLE = 'Бул өзгөртүү адамды өзүнүн урпагына же ата-бабасына айлантат.';
let admin: Auth;
let baseUrl: string;

const post = <T>(path: string, body: unknown) => postCreated<T>(baseUrl, admin.access, path, body);

async function send<T>(method: string, path: string, auth: Auth, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) {
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Waits for the open dialog's fade-in: axe reads colours as painted. */
async function settled(page: Page) {
  await page
    .getByRole('dialog')
    .evaluate((element) =>
      Promise.all(
        (element.closest('.MuiModal-root') ?? element)
          .getAnimations({ subtree: true })
          .map((animation) => animation.finished),
      ),
    );
}

const VIEWS = [
  { viewport: DESKTOP, language: 'ky', name: 'desktop-ky' },
  { viewport: PHONE, language: 'old_ky', name: 'phone-runes' },
] as const;

describe('proposals never silently lost', () => {
  const session = useBrowser();
  let sonId = 0;
  let rootId = 0;

  beforeAll(async () => {
    baseUrl = session.baseUrl;
    admin = await loginAdmin();
    const root = await post<{ id: number }>('persons/', { name: `Тагай ${tag}`, sex: 'M' });
    rootId = root.id;
    const son = await post<{ id: number }>('persons/', {
      name: `Адигине ${tag}`,
      sex: 'M',
      father_id: root.id,
    });
    sonId = son.id;
  });

  for (const view of VIEWS) {
    it(`a moderator settles a field changed since, the author reads the outcome (${view.name})`, async () => {
      const person = await post<{ id: number; version: number }>('persons/', {
        name: `Эшим ${view.name} ${tag}`,
        sex: 'M',
      });
      const first = await registerUser({ name: 'conflict_a' });
      const second = await registerUser({ name: 'conflict_b' });
      const proposal = (auth: Auth, body: object) =>
        send<{ id: number }>('PATCH', `persons/${person.id}/`, auth, {
          ...body,
          version: person.version,
        });
      const early = await proposal(first, { death_place: 'Ош' });
      const late = await proposal(second, { death_place: 'Өзгөн', biography: 'Уста болгон.' });
      await send('POST', `revisions/${early.id}/accept/`, admin, {});

      const moderator = await registerUser({ name: 'conflict_mod', role: 'moderator' });
      const page = await session.newPage(view.viewport);
      await storeLanguage(page, view.language);
      await signInAs(page, moderator);
      await page.goto('/moderation');
      const accept = view.language === 'old_ky' ? toRunes('Кабыл алуу') : 'Кабыл алуу';
      const card = page.locator(`[data-revision="${late.id}"]`);
      await card.waitFor();
      await card.getByRole('button', { name: accept }).click();
      const conflicts = card.getByTestId('proposal-conflicts');
      await conflicts.waitFor();
      const field = conflicts.locator('[data-conflict-field="death_place"]');
      if (view.language === 'ky') expect(await field.textContent()).toContain('Өзгөн');
      // Accepting again without a choice is refused beside the comment, nothing written.
      await card.getByRole('button', { name: accept }).click();
      await card.locator('.MuiFormHelperText-root.Mui-error').waitFor();
      await shot(page, `conflict-${view.name}`);
      expect(await seriousViolations(page, view.language === 'old_ky'), view.name).toEqual([]);
      await field.locator('[data-choice="current"] input').check();
      await card.getByRole('button', { name: accept }).click();
      await card.waitFor({ state: 'detached' });
      const now = await send<{ death_place: string; biography: string }>(
        'GET',
        `persons/${person.id}/`,
        admin,
      );
      expect(now).toMatchObject({ death_place: 'Ош', biography: 'Уста болгон.' });
      // The two accepts refused for the conflict (409), on purpose.
      forgetRefusals(session, 409);
      await page.context().close();

      const author = await session.newPage(view.viewport);
      await storeLanguage(author, view.language);
      await signInAs(author, second);
      await author.goto('/contributions');
      const entry = author.locator(`[data-contribution="${late.id}"]`);
      await entry.waitFor();
      await entry.locator('[data-outcome="acceptedKept"]').waitFor();
      await entry.locator('[data-kept-field="death_place"]').waitFor();
      await shot(author, `contributions-${view.name}`);
      expect(await seriousViolations(author, view.language === 'old_ky'), view.name).toEqual([]);
      const width = await author.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(view.viewport.width);
      await author.context().close();
    });

    it(`a member sets a father with the picker; a loop is refused beside it (${view.name})`, async () => {
      const branch = await post<{ id: number }>('persons/', {
        name: `Жору ${view.name} ${tag}`,
        sex: 'M',
      });
      const member = await registerUser({ name: 'picker_member' });
      const page = await session.newPage(view.viewport);
      await storeLanguage(page, view.language);
      await signInAs(page, member);
      await page.goto(`/persons/${branch.id}`);
      await page.getByTestId('person-edit').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#person-father').fill(`Адигине ${tag}`);
      // The suggestion names the father too (Тагай), to tell namesakes apart.
      const option = page.locator(`[role="option"][data-person-id="${sonId}"]`);
      await option.waitFor();
      if (view.language === 'ky') expect(await option.textContent()).toContain('Тагай');
      await option.click();
      await settled(page);
      await shot(page, `father-picker-${view.name}`);
      expect(await seriousViolations(page, view.language === 'old_ky'), view.name).toEqual([]);
      await dialog.locator('button[type="submit"]').click();
      await dialog.waitFor({ state: 'detached' });
      const mine = await send<{ results: { person_id: number; after: Record<string, unknown> }[] }>(
        'GET',
        'revisions/?mine=1',
        member,
      );
      expect(mine.results.find((r) => r.person_id === branch.id)?.after).toEqual({
        father_id: sonId,
      });

      // The root's father may not be his own son.
      await page.goto(`/persons/${rootId}`);
      await page.getByTestId('person-edit').click();
      await dialog.locator('#person-father').fill(`Адигине ${tag}`);
      await option.waitFor();
      await option.click();
      await dialog.locator('button[type="submit"]').click();
      // The note shows the field's help until the server's refusal replaces it with the error.
      const note = dialog.locator('#person-father-note[role="alert"]');
      await note.waitFor();
      if (view.language === 'ky') expect(await note.textContent()).toBe(CYCLE);
      // The loop refused (409), on purpose.
      forgetRefusals(session, 409);
      await shot(page, `father-cycle-${view.name}`);
      await page.context().close();
    });
  }
});
