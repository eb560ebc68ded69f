import { randomBytes } from 'node:crypto';
import { toRunes } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, FLOW_COMBOS, useBrowser } from './support/browser';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * "Бул мен": a member asks from their person's page, with a note of evidence; a moderator
 * approves on the moderation page; then the member's cousin's page says how the cousin is
 * related to them, the profile shows their person, and the comparison and the tree start from
 * it. On a desktop and a phone, in Cyrillic and in runes, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);

const tag = randomBytes(3).toString('hex');
let admin: Auth;
let baseUrl: string;

const post = <T>(path: string, body: unknown) => postCreated<T>(baseUrl, admin.access, path, body);

/** Clicks a header action: a button on a desktop, an item of the "more" menu on a phone. */
async function openHeaderAction(page: Page, testId: string) {
  await page.locator('h1').waitFor();
  const more = page.getByTestId('person-actions-more');
  if (await more.isVisible()) await more.click();
  await page.getByTestId(testId).click();
}

/** Two brothers, each with a son: the member is one son, the cousin the other. */
async function family(n: string) {
  const person = (fields: object) => post<{ id: number }>('persons/', { sex: 'M', ...fields });
  const root = await person({ name: `Байтик${n} ${tag}`, birth_year: 1900 });
  const elder = await person({ name: `Асан${n} ${tag}`, birth_year: 1930, father_id: root.id });
  const younger = await person({ name: `Үсөн${n} ${tag}`, birth_year: 1935, father_id: root.id });
  const meName = `Бакыт${n} ${tag}`;
  const me = await person({ name: meName, birth_year: 1965, father_id: younger.id });
  const cousin = await person({ name: `Нурлан${n} ${tag}`, birth_year: 1962, father_id: elder.id });
  return { me: me.id, meName, cousin: cousin.id };
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('"Бул мен": an account linked to its person', () => {
  const session = useBrowser();
  let moderator: Auth;

  beforeAll(async () => {
    baseUrl = session.baseUrl;
    admin = await loginAdmin();
    moderator = await registerUser({ name: 'claims_mod', role: 'moderator' });
  });

  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = `${viewport === DESKTOP ? 'desktop' : 'phone'}-${lang}`;
    it(`ask → approve → the relation on a cousin's page and the person on /profile (${where})`, async () => {
      const runes = lang === 'old_ky';
      const people = await family(where.replace(/[^a-z]/g, ''));
      const member = await registerUser({ name: 'claimer' });

      // The member asks from their own page, with a note.
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await signInAs(page, member);
      await page.goto(`/persons/${people.me}`);
      await openHeaderAction(page, 'this-is-me');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // The note is required: an empty one is refused in the dialog.
      await dialog.getByRole('button', { name: 'Жөнөтүү' }).click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
      await page
        .getByTestId('claim-note')
        .locator('textarea')
        .first()
        .fill(`Атам Үсөн, чоң атам Байтик. ${tag}`);
      expect(await seriousViolations(page, runes)).toEqual([]);
      await shot(page, `this-is-me-dialog-${where}`);
      await dialog.getByRole('button', { name: 'Жөнөтүү' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Asked once: the action is gone while the request waits.
      await page.reload();
      await page.locator('h1').waitFor();
      await page.getByTestId('relation-to-me').waitFor({ state: 'detached' });
      expect(await page.getByTestId('this-is-me').count()).toBe(0);

      // The moderator approves on the moderation page.
      const staff = await session.newPage(viewport);
      await storeLanguage(staff, lang);
      await signInAs(staff, moderator);
      await staff.goto('/moderation');
      const card = staff
        .locator('[data-claim]')
        .filter({ has: staff.locator(`[title*="${people.meName}"]`) });
      await card.waitFor();
      if (!runes) {
        expect(await card.textContent()).toContain(`Атам Үсөн, чоң атам Байтик. ${tag}`);
      }
      await noOverflow(staff);
      expect(await seriousViolations(staff, runes)).toEqual([]);
      await shot(staff, `this-is-me-moderation-${where}`);
      await card.getByRole('button', { name: 'Ырастоо' }).click();
      await card.waitFor({ state: 'detached' });
      await staff.context().close();

      // The cousin's page says what the cousin is to the member.
      await page.goto(`/persons/${people.cousin}`);
      const relation = page.getByTestId('relation-to-me-text');
      await relation.waitFor();
      const term = 'Сиздин аталаш бир тууганыңыз';
      expect(await relation.textContent()).toBe(runes ? toRunes(term) : term);
      await noOverflow(page);
      expect(await seriousViolations(page, runes)).toEqual([]);
      await shot(page, `this-is-me-cousin-${where}`);

      // The profile shows the member's person, linked.
      await page.goto('/profile');
      const link = page.getByTestId('my-person-link');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/persons/${people.me}`);
      await noOverflow(page);
      expect(await seriousViolations(page, runes)).toEqual([]);
      await shot(page, `this-is-me-profile-${where}`);

      // The comparison and the tree start from the member's person.
      await page.goto('/comparison');
      await page.waitForURL(new RegExp(`/comparison\\?a=${people.me}$`));
      await page.goto('/search');
      await page.waitForURL(new RegExp(`/search\\?person=${people.me}$`));
      await page.context().close();
    });
  }
});
