import { mkdirSync } from 'node:fs';
import type { DuplicateList, Person } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { open, storeLanguage } from './support/shell';

/**
 * The duplicate finder's page: a moderator sees a planted pair (Өмүрбек / Omurbek, sons of
 * Токтосун / Toktosun) with its score and reasons in Kyrgyz, a link to merge it, and marks it
 * "Бул башка адам" and takes that back; at 1440 and 390 px, in Cyrillic and in runes, axe clean.
 */

/** Set E2E_SHOTS=/some/dir to keep screenshots. */
const SHOTS = process.env.E2E_SHOTS;
let moderator: Auth;
let pair: string;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function getList(access: string, query = ''): Promise<DuplicateList> {
  const response = await fetch(`${inject('baseUrl')}/api/persons/duplicates/${query}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DuplicateList;
}

beforeAll(async () => {
  moderator = await registerUser({ name: 'dups_moder', role: 'moderator' });
  const base = inject('baseUrl');
  const add = (body: Record<string, unknown>) =>
    postCreated<Person>(base, moderator.access, 'persons/', body);
  const father = await add({ name: 'Токтосун', sex: 'M', birth_year: 1850 });
  const a = await add({ name: 'Өмүрбек', sex: 'M', birth_year: 1880, father_id: father.id });
  const fatherCopy = await add({ name: 'Toktosun', sex: 'M', birth_year: 1851 });
  const b = await add({ name: 'Omurbek', sex: 'M', birth_year: 1881, father_id: fatherCopy.id });
  pair = `${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`;
  const refresh = await fetch(`${base}/api/persons/duplicates/refresh/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${moderator.access}` },
    body: JSON.stringify({ full: true }),
  });
  expect(refresh.status).toBe(202);
  // Waits for the run (expect.poll belongs to tests, not to their set-up).
  for (let i = 0; ; i++) {
    const status = (await getList(moderator.access, '?page_size=1')).run?.status;
    if (status === 'done') break;
    if (status === 'failed' || i > 120) throw new Error(`the finder's run: ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 90_000);

describe('the duplicate finder page', () => {
  const session = useBrowser();

  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ['ky', 'old_ky'] as const) {
      it(`lists the planted pair with its reasons at ${viewport.width} px in ${lang}`, async () => {
        const page = await session.newPage(viewport);
        await signInAs(page, moderator);
        await storeLanguage(page, lang);
        await open(page, '/persons/duplicates');
        const card = page.locator(`[data-pair="${pair}"]`);
        await card.waitFor();
        const [a, b] = pair.split('-');
        await expect
          .poll(() =>
            card
              .locator('a[href^="/persons/"]')
              .evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
          )
          .toEqual([`/persons/${a}`, `/persons/${b}`, `/persons/merge?a=${a}&b=${b}`]);
        if (lang === 'ky') {
          const reasons = await card.locator('ul[aria-label="Себептери"] li').allTextContents();
          expect(reasons).toEqual(
            expect.arrayContaining([
              '+ аты дал келет (Өмүрбек / Omurbek)',
              '+ атасынын аты бирдей (Токтосун / Toktosun)',
              '+ туулган жылы ±1',
            ]),
          );
        } else {
          // Runes on screen, the Cyrillic kept for screen readers.
          await expect.poll(() => card.locator('bdi[lang="ky-Orkh"]').count()).toBeGreaterThan(3);
          expect(await card.getByRole('button', { name: 'Бул башка адам' }).count()).toBe(1);
        }
        // Nothing wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
        await shot(page, `duplicates-${viewport.width}-${lang}`);
      });
    }
  }

  it('marks a pair "Бул башка адам" after a confirmation, and takes it back', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/persons/duplicates');
    const card = page.locator(`[data-pair="${pair}"]`);
    await card.getByRole('button', { name: 'Бул башка адам' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Бул эки башка адамбы?').waitFor();
    await shot(page, 'duplicates-confirm');
    await dialog.getByRole('button', { name: 'Бул башка адам' }).click();
    await card.waitFor({ state: 'detached' });
    expect(
      (await getList(moderator.access, '?page_size=100')).results.some(
        (p) => `${p.a.id}-${p.b.id}` === pair,
      ),
    ).toBe(false);
    await page.getByRole('button', { name: 'Кайтаруу' }).click();
    await card.waitFor();
  });

  it('is in the management menu of a moderator', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/persons');
    await page.getByRole('button', { name: 'Башкаруу' }).click();
    await page.getByRole('menuitem', { name: 'Кайталанган инсандар' }).click();
    await page.waitForURL(/\/persons\/duplicates$/);
    await page.locator('h1', { hasText: 'Кайталанган инсандар' }).waitFor();
  });
});
