import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, FLOW_COMBOS, useBrowser, whereOf } from './support/browser';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * The print dialog ("Басып чыгаруу", features/print): opened from a person page and from the
 * tree's toolbar, the book and the poster downloaded as PDFs through the UI, at 1440 and 390 px
 * in Cyrillic and in runes, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const session = useBrowser();
const tag = randomBytes(2).toString('hex');
let admin: Auth;
let father: { id: number; name: string };

beforeAll(async () => {
  admin = await loginAdmin();
  father = await postCreated(session.baseUrl, admin.access, 'persons/', {
    name: `Басмабек ${tag}`,
    sex: 'M',
    birth_year: 1850,
    death_year: 1920,
  });
  for (const [name, born] of [
    ['Китепбай', 1880],
    ['Баракбек', 1885],
  ] as const) {
    await postCreated(session.baseUrl, admin.access, 'persons/', {
      name: `${name} ${tag}`,
      sex: 'M',
      birth_year: born,
      death_year: born + 60,
      father_id: father.id,
    });
  }
});

/**
 * Downloads the chosen document from the open dialog and answers the saved file's bytes; the
 * dialog's error, if it shows one instead, fails the test at once with its text.
 */
async function downloadFrom(page: Page, kind: 'book' | 'poster'): Promise<Buffer> {
  const dialog = page.getByTestId('print-dialog');
  await dialog.getByTestId(`print-kind-${kind}`).click();
  const error = dialog.getByTestId('print-error');
  const [download] = await Promise.all([
    Promise.race([
      page.waitForEvent('download', { timeout: 60_000 }),
      error.waitFor({ timeout: 60_000 }).then(async () => {
        throw new Error(`the dialog says: ${await error.innerText()}`);
      }),
    ]),
    dialog.getByTestId('print-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return readFileSync((await download.path()) ?? '');
}

/** A person page in `lang` at `viewport`, with the print dialog open. */
async function openDialog(viewport: typeof DESKTOP, lang: string) {
  const page = await session.newPage(viewport);
  await storeLanguage(page, lang);
  await open(page, `/persons/${father.id}`);
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  await dialog.waitFor();
  return { page, dialog };
}

function expectPdf(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(1024);
}

describe('the print dialog', () => {
  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = whereOf(viewport, lang);
    it(`downloads the book from a person page (${where})`, async () => {
      const { page, dialog } = await openDialog(viewport, lang);
      // The script starts as the site's.
      expect(await dialog.getByTestId(`print-script-${lang}`).locator('input').isChecked()).toBe(
        true,
      );
      expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
      await shot(page, `print-dialog-${where}`);
      expectPdf(await downloadFrom(page, 'book'));
      expect(await dialog.getByTestId('print-error').count()).toBe(0);
    });

    // The poster's endpoint comes from its own branch (modules/print/poster.routes.ts).
    it(`downloads the poster from a person page (${where})`, async () => {
      const { page, dialog } = await openDialog(viewport, lang);
      expectPdf(await downloadFrom(page, 'poster'));
      expect(await dialog.getByTestId('print-error').count()).toBe(0);
    });
  }

  it('opens from the tree’s toolbar for the person in focus, and refuses a bad size', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, `/search?person=${father.id}`);
    const toolbar = page.getByRole('toolbar');
    await toolbar.getByTestId('print-open').click();
    const dialog = page.getByTestId('print-dialog');
    await dialog.waitFor();
    // A size of its own: checked by the server's schema before anything is sent.
    await dialog.getByTestId('print-paper').locator('select').selectOption('custom');
    await dialog.getByTestId('print-width').locator('input').fill('50');
    await dialog.getByTestId('print-download').click();
    await expect
      .poll(() => dialog.getByTestId('print-width').locator('.Mui-error').count())
      .toBeGreaterThan(0);
    await shot(page, 'print-dialog-tree-custom');
    expect(await seriousViolations(page, false)).toEqual([]);
    expectPdf(await downloadFrom(page, 'book'));
  });
});
