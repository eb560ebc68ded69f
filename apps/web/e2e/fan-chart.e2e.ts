import { readFileSync } from 'node:fs';
import { toRunes, type Pedigree, type PersonList, type PersonSummary } from '@bagysh/shared';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, signInAs } from './support/accounts';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * The жети ата fan on the demonstration tree, as a guest: reached from a person's page, the
 * ancestors in their rings, recentred by a click and by the keyboard, saved as SVG and PNG,
 * on a desktop and a phone, in Cyrillic and in runes.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const session = useBrowser();

/** The demo person of the test: historical, with a father and a mother a guest sees. */
let root: PersonSummary;
/** Their ancestors by way from them: 'f' the father, 'fm' his mother… */
const byKey = new Map<string, PersonSummary>();

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${session.baseUrl}/api/${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  // The demo tree's mothers come in its lower generations (apps/api/src/demo/persons.seed.ts).
  for (let generation = 16; generation >= 10 && !root; generation--) {
    const list = await get<PersonList>(`persons/?generation=${generation}&page_size=100`);
    const found = list.results.find(
      (person) => !person.living && person.father_id !== null && person.mother_id !== null,
    );
    if (found) root = found;
  }
  expect(root, 'a demo person with both parents').toBeDefined();
  const { results } = await get<Pedigree>(`persons/${root.id}/pedigree/?generations=6`);
  const persons = new Map(results.map((person) => [person.id, person]));
  const walk = (key: string, person: PersonSummary) => {
    byKey.set(key, person);
    if (key.length === 6) return;
    const father = person.father_id === null ? undefined : persons.get(person.father_id);
    const mother = person.mother_id === null ? undefined : persons.get(person.mother_id);
    if (father) walk(`${key}f`, father);
    if (mother) walk(`${key}m`, mother);
  };
  walk('', root);
});

const segment = (page: Page, key: string) => page.locator(`svg[role="group"] a[data-key="${key}"]`);
const focusedKey = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-key') ?? null);

/** The screen point in the middle of a segment's label: inside the segment, where a click lands. */
function labelPoint(page: Page, key: string) {
  return page.evaluate((key) => {
    const text = document.querySelector(`[data-label="${key}"] text`)!;
    const svg = (text as SVGTextElement).ownerSVGElement!;
    const arcId = text.querySelector('textPath')?.getAttribute('href')?.slice(1);
    let point: DOMPoint;
    if (arcId) {
      const arc = document.getElementById(arcId) as unknown as SVGPathElement;
      point = arc.getPointAtLength(arc.getTotalLength() / 2);
    } else {
      const [, x, y] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(text.getAttribute('transform')!)!;
      point = new DOMPoint(Number(x), Number(y));
    }
    const screen = point.matrixTransform(svg.getScreenCTM()!);
    return { x: screen.x, y: screen.y };
  }, key);
}

/** A label's text without the ellipsis or the initial's dot, which shortening adds. */
const stem = (text: string | null) => (text ?? '').replace(/[….]$/u, '');

async function expectFanOf(
  page: Page,
  person: PersonSummary,
  ancestors: Map<string, PersonSummary>,
) {
  await page.waitForURL(new RegExp(`/persons/${person.id}/fan$`));
  await expect.poll(() => segment(page, '').getAttribute('data-person')).toBe(String(person.id));
  for (const [key, ancestor] of ancestors) {
    const link = segment(page, key);
    expect(await link.getAttribute('data-person'), key).toBe(String(ancestor.id));
    expect(await link.getAttribute('data-ring'), key).toBe(String(key.length));
    expect(await link.getAttribute('aria-label'), key).toContain(ancestor.name);
  }
}

describe('the жети ата fan', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ['ky', 'old_ky'] as const) {
      it(`at ${viewport.width} px in ${lang}: rings, recentring, files, accessibility`, async () => {
        const runes = lang === 'old_ky';
        const shown = (text: string) => (runes ? toRunes(text) : text);
        const page = await session.newPage(viewport);
        await storeLanguage(page, lang);

        // From the person's page (on a phone, from the header's "more" menu).
        await page.goto(`/persons/${root.id}`);
        await page.locator('h1').waitFor();
        const more = page.getByTestId('person-actions-more');
        if (await more.isVisible()) await more.click();
        await page.getByTestId('person-fan').click();
        await expectFanOf(page, root, byKey);
        if (!runes) {
          expect(await page.title()).toBe(`${root.name}: жети ата - Багыш санжырасы`);
        }

        // Every known ancestor in their ring; the rest of the 127 segments drawn empty.
        const known = await page.locator('svg[role="group"] a[data-person]').count();
        const empty = await page
          .locator('svg[role="group"] g[data-key][aria-hidden="true"]')
          .count();
        expect(known).toBe(byKey.size);
        expect(known + empty).toBe(127);
        expect(await segment(page, 'f').getAttribute('aria-label')).toContain('атасы');
        expect(await segment(page, 'm').getAttribute('aria-label')).toContain('энеси');
        // The names: whole or shortened, in the script shown; readable in the inner rings.
        for (const key of ['', 'f', 'm', 'ff']) {
          const label = page.locator(`[data-label="${key}"] text`).first();
          const text = await label.textContent();
          expect(stem(text).length, key).toBeGreaterThan(0);
          expect(shown(byKey.get(key)!.name).startsWith(stem(text)), `${key}: ${text}`).toBe(true);
          expect(
            await label.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
          ).toBeGreaterThanOrEqual(12);
        }
        if (viewport === DESKTOP) {
          // A desktop's fan has room for the parents' whole names.
          for (const key of ['f', 'm']) {
            expect(await page.locator(`[data-label="${key}"] text`).first().textContent()).toBe(
              shown(byKey.get(key)!.name),
            );
          }
        }
        const labels = await page.locator('[data-label] text').allTextContents();
        expect(labels.some((text) => /[\u{10C00}-\u{10C4F}]/u.test(text))).toBe(runes);
        expect(labels.some((text) => /[а-яөүң]/iu.test(text))).toBe(!runes);

        // The page fits the screen's width; the fan fits its frame.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
        const fan = await page.locator('svg[role="group"]').boundingBox();
        expect(fan!.x).toBeGreaterThanOrEqual(0);
        expect(fan!.x + fan!.width).toBeLessThanOrEqual(viewport.width);

        expect(await seriousViolations(page, runes)).toEqual([]);
        await shot(page, `fan-${viewport.width}-${lang}`);

        // Saved as SVG: every known person, the labels in the script shown, runes with their font.
        const [svgFile] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'SVG жүктөп алуу' }).click(),
        ]);
        expect(svgFile.suggestedFilename()).toBe('jeti-ata.svg');
        const svg = readFileSync((await svgFile.path()) ?? '', 'utf8');
        for (const person of byKey.values()) expect(svg).toContain(`<title>${person.name}</title>`);
        expect(svg.includes('data:font/woff2;base64,')).toBe(runes);
        expect(svg).toContain(shown(root.name.split(' ')[0]!));
        // And as PNG, twice the file's size.
        const [pngFile] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'PNG жүктөп алуу' }).click(),
        ]);
        expect(pngFile.suggestedFilename()).toBe('jeti-ata.png');
        const meta = await sharp(readFileSync((await pngFile.path()) ?? '')).metadata();
        expect([meta.format, meta.width]).toEqual(['png', 2 * 1292]);

        // A click on the father recentres the fan on him.
        const point = await labelPoint(page, 'f');
        await page.mouse.click(point.x, point.y);
        const fatherLine = new Map(
          [...byKey]
            .filter(([key]) => key.startsWith('f') && key.length <= 6)
            .map(([key, p]) => [key.slice(1), p]),
        );
        await expectFanOf(page, byKey.get('f')!, fatherLine);

        // The keyboard: out to the father, in again, along the ring, Enter and the space bar.
        await segment(page, '').focus();
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => focusedKey(page)).toBe('f');
        // The focus is drawn around the segment.
        await page.locator('svg[role="group"] .fan-focus').waitFor();
        await page.keyboard.press('ArrowDown');
        await expect.poll(() => focusedKey(page)).toBe('');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => focusedKey(page)).toBe('ff');
        await page.keyboard.press('Enter');
        await expectFanOf(page, byKey.get('fff')!, new Map([['f', byKey.get('ffff')!]]));
        // The new fan takes the focus on its person.
        await expect.poll(() => focusedKey(page)).toBe('');
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => focusedKey(page)).toBe('f');
        await page.keyboard.press(' ');
        await expectFanOf(page, byKey.get('ffff')!, new Map());
      });
    }
  }

  it('shows a guest what the pedigree API gives a guest: a living person’s mother stays hidden', async () => {
    const admin = await loginAdmin();
    let living: PersonSummary | undefined;
    for (let generation = 18; generation >= 10 && !living; generation--) {
      const response = await fetch(
        `${session.baseUrl}/api/persons/?generation=${generation}&living=true&page_size=100`,
        { headers: { Authorization: `Bearer ${admin.access}` } },
      );
      const list = (await response.json()) as PersonList;
      living = list.results.find(
        (person) => person.mother_id !== null && person.father_id !== null,
      );
    }
    expect(living, 'a living demo person with both parents').toBeDefined();
    const guest = await session.newPage(DESKTOP);
    await guest.goto(`/persons/${living!.id}/fan`);
    await expect
      .poll(() => segment(guest, '').getAttribute('data-person'))
      .toBe(String(living!.id));
    // The father line only: the mother's segment is empty, the years are not given.
    expect(await segment(guest, 'f').getAttribute('data-person')).toBe(String(living!.father_id));
    expect(await segment(guest, 'm').count()).toBe(0);
    expect(await guest.locator('g[data-key="m"][aria-hidden="true"]').count()).toBe(1);
    expect(await segment(guest, '').getAttribute('aria-label')).toBe(living!.name);

    const member = await session.newPage(DESKTOP);
    await signInAs(member, admin);
    await member.goto(`/persons/${living!.id}/fan`);
    await expect
      .poll(() => segment(member, 'm').getAttribute('data-person'))
      .toBe(String(living!.mother_id));
  });

  it('answers a missing person with the not-found page', async () => {
    const page = await session.newPage(DESKTOP);
    const response = await page.goto('/persons/2000000000/fan');
    expect(response?.status()).toBe(404);
    await page.locator('h1', { hasText: 'Табылган жок' }).waitFor();
    // The page's own 404 and the API's are the expected answers, not errors of the page.
    session.consoleErrors.splice(
      0,
      session.consoleErrors.length,
      ...session.consoleErrors.filter((error) => !error.includes('404')),
    );
  });
});
