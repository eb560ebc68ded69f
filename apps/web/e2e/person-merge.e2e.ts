import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, FLOW_COMBOS, useBrowser } from './support/browser';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Merging two records of one person: from the person page's menu to the merge page, the other
 * person picked, the fathers' conflict resolved, the merge confirmed; the survivor's page shows
 * the merged record and the old address moves there. On a desktop and a phone, in Cyrillic
 * and in runes, axe clean.
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

/** Two records of one man under two different fathers. */
async function duplicates(n: string) {
  const father1 = await post<{ id: number }>('persons/', { name: `Төлөк${n} ${tag}`, sex: 'M' });
  const father2 = await post<{ id: number }>('persons/', { name: `Тилек${n} ${tag}`, sex: 'M' });
  const a = await post<{ id: number }>('persons/', {
    name: `Өмүрбек${n} ${tag}`,
    sex: 'M',
    father_id: father1.id,
    birth_year: 1880,
  });
  const b = await post<{ id: number }>('persons/', {
    name: `Омурбек${n} ${tag}`,
    sex: 'M',
    father_id: father2.id,
    death_year: 1941,
    biography: `Малчы болгон ${tag}.`,
  });
  await post('persons/', { name: `Уулу${n} ${tag}`, sex: 'M', father_id: b.id });
  return { a: a.id, b: b.id, bName: `Омурбек${n} ${tag}` };
}

describe('merging two persons', () => {
  const session = useBrowser();
  let moderator: Auth;

  beforeAll(async () => {
    baseUrl = session.baseUrl;
    admin = await loginAdmin();
    moderator = await registerUser({ name: 'merge_mod', role: 'moderator' });
  });

  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = `${viewport === DESKTOP ? 'desktop' : 'phone'}-${lang}`;
    it(`person page → merge page → apply → the merged record (${where})`, async () => {
      const pair = await duplicates(where.replace(/[^a-z]/g, ''));
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await signInAs(page, moderator);
      await page.goto(`/persons/${pair.a}`);
      await openHeaderAction(page, 'person-merge');
      await page.waitForURL(/\/persons\/merge\?a=\d+/);

      // The other one, picked by name.
      await page.locator('#merge-b').fill(pair.bName);
      await page.getByRole('option').first().click();
      await page.getByTestId('merge-form').waitFor();
      await page.getByTestId('merge-fathers').waitFor();
      const apply = page.getByTestId('merge-apply');
      // Two fathers: nothing is applied until one is chosen.
      expect(await apply.isDisabled()).toBe(true);
      await page.getByTestId('merge-father_id-b').click();
      expect(await apply.isDisabled()).toBe(false);
      // The records B brings are listed, its son among them.
      expect(await page.getByTestId('merge-records-Б').locator('[title*="Уулу"]').count()).toBe(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
      await shot(page, `merge-page-${where}`);

      await apply.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
      await dialog.getByRole('button', { name: 'Бириктирүү' }).click();

      // The survivor's page: its id, the chosen father, B's years and B's spelling kept.
      await page.waitForURL(new RegExp(`/persons/${pair.a}$`));
      await page.locator('h1').waitFor();
      const person = (await (await fetch(`${baseUrl}/api/persons/${pair.a}/`)).json()) as {
        father_name: string;
        death_year: number;
        names: { full_name: string }[];
      };
      expect(person.death_year).toBe(1941);
      expect(person.father_name).toContain('Тилек');
      expect(person.names.map((name) => name.full_name)).toContain(pair.bName);
      if (lang === 'ky') {
        await expect
          .poll(() => page.locator('main').textContent())
          .toContain(`Малчы болгон ${tag}.`);
        expect(await page.getByTestId('person-other-names').textContent()).toContain(pair.bName);
      }
      expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
      await shot(page, `merge-survivor-${where}`);

      // The merged-away address moves to the survivor.
      await page.goto(`/persons/${pair.b}`);
      await page.waitForURL(new RegExp(`/persons/${pair.a}$`));
      await page.context().close();
    });
  }
});
