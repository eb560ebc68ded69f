import type { GedcomJob, Person } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Importing into the existing tree on the GEDCOM page: an admin previews a file that shares
 * three men of a line with the tree (one in Latin, one with a patronymic and no birth year),
 * chooses "Бар санжырага дал келтирип импорттоо", sees each proposed match with the father
 * and grandfather, its confidence and reasons, rejects one and takes all above the threshold
 * back, imports, reads the result, and reverts it; at 1440 and 390 px, in Cyrillic and in
 * runes, axe clean.
 */

/** Set E2E_SHOTS=/some/dir to keep screenshots. */
const shot = screenshots(process.env.E2E_SHOTS);
let admin: Auth;
let ids: { grandfather: number; father: number; son: number };

beforeAll(async () => {
  admin = await loginAdmin();
  const base = inject('baseUrl');
  const add = (body: Record<string, unknown>) =>
    postCreated<Person>(base, admin.access, 'persons/', body);
  const grandfather = await add({ name: 'Жээналы', sex: 'M', birth_year: 1800 });
  const father = await add({
    name: 'Мырзакул',
    sex: 'M',
    birth_year: 1830,
    father_id: grandfather.id,
  });
  const son = await add({ name: 'Сапаралы', sex: 'M', birth_year: 1860, father_id: father.id });
  ids = { grandfather: grandfather.id, father: father.id, son: son.id };
}, 60_000);

/** The file: the three men otherwise spelled, and a son the tree does not have. */
function file(run: string): Buffer {
  return Buffer.from(
    [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      `1 NOTE ${run}`,
      '0 @I1@ INDI',
      '1 NAME Жээналы',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 1800',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Myrzakul',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 1830',
      '1 FAMC @F1@',
      '1 FAMS @F2@',
      '0 @I3@ INDI',
      '1 NAME Сапаралы Мырзакул уулу',
      '1 SEX M',
      '1 DEAT',
      '2 DATE 1920',
      '1 FAMC @F2@',
      '1 FAMS @F3@',
      '0 @I4@ INDI',
      '1 NAME Бекташ',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 1890',
      '1 FAMC @F3@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '0 @F2@ FAM',
      '1 HUSB @I2@',
      '1 CHIL @I3@',
      '0 @F3@ FAM',
      '1 HUSB @I3@',
      '1 CHIL @I4@',
      '0 TRLR',
      '',
    ].join('\n'),
  );
}

/** How many descendants the tree's Сапаралы has (the file adds a son). */
async function sonsChildren(): Promise<number> {
  const response = await fetch(`${inject('baseUrl')}/api/persons/${ids.son}/`, {
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { descendant_count: number }).descendant_count;
}

async function expectAxeClean(page: Page, runes: boolean) {
  expect(await seriousViolations(page, runes)).toEqual([]);
}

describe('/gedcom: importing into the existing tree', () => {
  const session = useBrowser();

  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ['ky', 'old_ky'] as const) {
      const runes = lang === 'old_ky';
      const name = `${viewport.width}-${lang}`;
      it(`matches, imports and reverts at ${viewport.width} px in ${lang}`, async () => {
        const page = await session.newPage(viewport);
        // An admin of their own: a shared session's refresh token would be rotated away.
        await signInAs(page, await registerUser({ name: 'merge_admin', role: 'admin' }));
        await storeLanguage(page, lang);
        // The server runs background jobs (the duplicate finder after the persons above) in
        // its own thread on PGlite: the first pages may wait for them.
        page.setDefaultTimeout(90_000);
        await open(page, '/search');
        await page.goto('/gedcom');
        await page.getByTestId('gedcom-upload').waitFor({ timeout: 60_000 });
        expect(await sonsChildren()).toBe(0);
        await page.getByTestId('gedcom-file-input').setInputFiles({
          name: `merge-${name}.ged`,
          mimeType: 'application/octet-stream',
          buffer: file(name),
        });
        await page.getByTestId('gedcom-preview').waitFor();
        await page.locator('input[type="radio"][value="merge"]').check();
        const matches = page.getByTestId('gedcom-matches');
        await matches.waitFor();
        const rows = page.getByTestId('gedcom-match');
        await expect.poll(() => rows.count()).toBe(4);
        const son = page.locator('[data-testid="gedcom-match"][data-xref="@I3@"]');
        const newcomer = page.locator('[data-testid="gedcom-match"][data-xref="@I4@"]');
        expect(await newcomer.locator('input[type="checkbox"]').count()).toBe(0);
        if (!runes) {
          // The tree person with the father and grandfather, the confidence, the reasons.
          const text = (await son.textContent()) ?? '';
          expect(text).toContain('Сапаралы');
          expect(text).toContain('Мырзакул уулу');
          expect(text).toMatch(/Ишеничтүүлүк: \d+%/);
          expect(text).toContain('атасынын аты');
          expect(await newcomer.textContent()).toContain('жаңы инсан болуп кошулат');
        }
        const checkboxes = matches.locator('input[type="checkbox"]');
        expect(await checkboxes.count()).toBe(3);
        for (const box of await checkboxes.all()) expect(await box.isChecked()).toBe(true);
        // Reject one, then take all above the threshold again.
        await son.locator('input[type="checkbox"]').uncheck();
        expect(await son.locator('input[type="checkbox"]').isChecked()).toBe(false);
        await shot(page, `gedcom-merge-matches-${name}`);
        await expectAxeClean(page, runes);
        await page.getByRole('button', { name: /Босогодон/ }).click();
        expect(await son.locator('input[type="checkbox"]').isChecked()).toBe(true);

        await page.getByRole('button', { name: 'Импорттоо' }).click();
        await page.waitForURL(/\/gedcom\?job=/);
        const done = page.getByTestId('gedcom-job-done');
        await done.waitFor({ timeout: 30_000 });
        if (!runes) {
          expect(await done.textContent()).toBe(
            'Импорт аяктады: 1 инсан кошулду.Санжырадагы инсандарга бириктирилди: 3.',
          );
        }
        // Бекташ hangs under the tree's Сапаралы, who now has the file's death.
        expect(await sonsChildren()).toBe(1);
        const read = (await (
          await fetch(`${inject('baseUrl')}/api/persons/${ids.son}/`, {
            headers: { Authorization: `Bearer ${admin.access}` },
          })
        ).json()) as { death_year: number | null };
        expect(read.death_year).toBe(1920);
        await shot(page, `gedcom-merge-result-${name}`);
        await expectAxeClean(page, runes);

        // Revert: the tree as it was.
        await page.getByRole('button', { name: 'Импортту артка кайтаруу' }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: 'Импортту артка кайтаруу' })
          .click();
        await page.getByTestId('gedcom-job-reverted').waitFor();
        expect(await sonsChildren()).toBe(0);
        const jobId = new URL(page.url()).searchParams.get('job') ?? '';
        const job = (await (
          await fetch(`${inject('baseUrl')}/api/gedcom/jobs/${jobId}/`, {
            headers: { Authorization: `Bearer ${admin.access}` },
          })
        ).json()) as GedcomJob;
        expect(job.reverted_at).not.toBeNull();
      }, 240_000);
    }
  }
});
