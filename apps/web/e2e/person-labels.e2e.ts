import { personLabel, toRunes, type PersonList, type SearchResponse } from '@bagysh/shared';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { storeLanguage } from './support/shell';

/**
 * Telling people apart: the demo tree has four Айбек; every suggestion, the persons
 * list and the comparison picker label each with the father, the grandfather and the years.
 */

const NAME = 'Айбек';
const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api/${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The expected label of every namesake the search finds, by id. */
async function namesakes(): Promise<Map<number, string>> {
  const { results } = await api<SearchResponse>(`search/?q=${encodeURIComponent(NAME)}&limit=10`);
  const hits = results.filter((hit) => hit.name === NAME);
  expect(hits.length).toBeGreaterThanOrEqual(2);
  return new Map(hits.map((hit) => [hit.id, personLabel(hit)]));
}

/** The suggestions on screen: id → the label's text and its title. */
async function suggestions(page: Page) {
  return page.locator('li[data-person-id]').evaluateAll((items) =>
    items.map((item) => {
      const label = item.querySelector<HTMLElement>('[data-person-label]');
      return {
        id: Number(item.getAttribute('data-person-id')),
        text: label?.textContent ?? '',
        title: label?.title ?? '',
      };
    }),
  );
}

/** Types the name into a picker and waits for the namesakes' suggestions. */
async function suggest(page: Page, selector: string, ids: number[]) {
  const input = page.locator(selector);
  await input.click();
  await input.fill(NAME);
  await expect
    .poll(async () => (await suggestions(page)).map((row) => row.id))
    .toEqual(expect.arrayContaining(ids));
  return suggestions(page);
}

/** No sideways scrolling: the page is no wider than the screen. */
async function fitsWidth(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

function expectLabelled(rows: { id: number; text: string }[], expected: Map<number, string>) {
  const shown = rows.filter((row) => expected.has(row.id));
  expect(shown.map((row) => row.text)).toEqual(shown.map((row) => expected.get(row.id)));
  // Namesakes no longer look alike.
  expect(new Set(shown.map((row) => row.text)).size).toBe(shown.length);
  for (const text of shown.map((row) => row.text)) expect(text).toMatch(/ (уулу|кызы|баласы)/);
}

describe('person labels: namesakes told apart', () => {
  const session = useBrowser();

  it('labels the suggestions of the /search page and of the home page', async () => {
    const expected = await namesakes();
    const ids = [...expected.keys()];
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.goto('/search');
      expectLabelled(await suggest(page, '#sanjyra-search', ids), expected);
      await fitsWidth(page);
      await shot(page, `labels-suggestions-ky-${viewport.width}`);
    }
    const home = await session.newPage();
    await home.goto('/');
    expectLabelled(await suggest(home, '#home-search', ids), expected);
  });

  it('labels every row of the persons list, wrapping on a phone', async () => {
    const list = await api<PersonList>(`persons/?q=${encodeURIComponent(NAME)}&page_size=30`);
    // The demo's namesakes; other test files add persons whose names only begin with NAME.
    const expected = new Map(
      list.results
        .filter((person) => person.name === NAME)
        .map((person) => [person.id, personLabel(person)]),
    );
    expect(expected.size).toBeGreaterThanOrEqual(2);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.goto(`/persons?q=${encodeURIComponent(NAME)}`);
      const rows = page.getByTestId('persons-list').locator('li a');
      await rows.first().waitFor();
      const read = () =>
        rows.evaluateAll((links) =>
          links.map((link) => ({
            id: Number(link.getAttribute('href')?.replace(/\D/g, '')),
            text: link.textContent ?? '',
          })),
        );
      await expect
        .poll(async () => (await read()).map((row) => row.id))
        .toEqual(expect.arrayContaining([...expected.keys()]));
      const shown = await read();
      expectLabelled(shown, expected);
      await fitsWidth(page);
      await shot(page, `labels-persons-ky-${viewport.width}`);
    }
  });

  it('labels the comparison picker’s suggestions', async () => {
    const expected = await namesakes();
    const page = await session.newPage();
    await page.goto('/comparison');
    expectLabelled(await suggest(page, '#compare-a', [...expected.keys()]), expected);
  });

  it('writes the labels in runes in old_ky, the Cyrillic label as the title', async () => {
    const expected = await namesakes();
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await storeLanguage(page, 'old_ky');
      await page.goto('/search');
      const rows = (await suggest(page, '#sanjyra-search', [...expected.keys()])).filter((row) =>
        expected.has(row.id),
      );
      expect(rows.map((row) => row.title)).toEqual(rows.map((row) => expected.get(row.id)));
      for (const row of rows) {
        expect(row.text).not.toMatch(/[а-яөүң]/u);
        expect(row.text).toContain(toRunes(NAME));
      }
      await fitsWidth(page);
      await shot(page, `labels-suggestions-old_ky-${viewport.width}`);

      await page.goto(`/persons?q=${encodeURIComponent(NAME)}`);
      const first = page.getByTestId('persons-list').locator('li a').first();
      await first.waitFor();
      expect(await first.textContent()).not.toMatch(/[а-яөүң]/u);
      expect(await first.getAttribute('aria-label')).toMatch(/^Айбек /);
      await fitsWidth(page);
      await shot(page, `labels-persons-old_ky-${viewport.width}`);
    }
  });
});
