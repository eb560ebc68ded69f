import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAdmin } from './support/accounts';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { signIn, storeLanguage } from './support/shell';

const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A family of its own (unique names: tests share one server), built by the admin. */
interface Family {
  torobek: number;
  bubu: number;
  aigul: number;
  bakyt: number;
  aibek: number;
  nurlan: number;
  erlan: number;
  timur: number;
  names: Record<
    'torobek' | 'bubu' | 'aigul' | 'bakyt' | 'aibek' | 'nurlan' | 'erlan' | 'marat' | 'timur',
    string
  >;
}

async function buildFamily(): Promise<Family> {
  const admin = await loginAdmin();
  const tag = randomBytes(2).toString('hex');
  const create = async (body: Record<string, unknown>): Promise<number> => {
    const response = await fetch(`${inject('baseUrl')}/api/persons/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
      body: JSON.stringify({ is_living: false, ...body }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const names = {
    torobek: `Төрөбек ${tag}`,
    bubu: `Бүбү ${tag}`,
    aigul: `Айгүл ${tag}`,
    bakyt: `Бакыт ${tag}`,
    aibek: `Айбек ${tag}`,
    nurlan: `Нурлан ${tag}`,
    erlan: `Эрлан ${tag}`,
    marat: `Марат ${tag}`,
    timur: `Тимур ${tag}`,
  };
  // Born and dead long ago: a guest sees them in full (the living-person rule hides the
  // marriages and mothers of persons born within a hundred years).
  const torobek = await create({
    name: names.torobek,
    sex: 'M',
    birth_year: 1820,
    death_year: 1890,
  });
  // The union: Бүбү is created with her husband, so the marriage is recorded on both.
  const bubu = await create({
    name: names.bubu,
    sex: 'F',
    birth_year: 1825,
    death_year: 1895,
    spouse_ids: [torobek],
  });
  const parents = { father_id: torobek, mother_id: bubu };
  // The daughter is the elder: her younger brother is her husband's кайни.
  const aigul = await create({
    name: names.aigul,
    sex: 'F',
    birth_year: 1850,
    death_year: 1920,
    ...parents,
  });
  const bakyt = await create({
    name: names.bakyt,
    sex: 'M',
    birth_year: 1855,
    death_year: 1925,
    ...parents,
  });
  // Айбек comes from another line (no common ancestor) and marries the daughter.
  const aibek = await create({
    name: names.aibek,
    sex: 'M',
    birth_year: 1848,
    death_year: 1915,
    spouse_ids: [aigul],
  });
  // The daughter's line: her son.
  const nurlan = await create({
    name: names.nurlan,
    sex: 'M',
    birth_year: 1875,
    death_year: 1940,
    father_id: aibek,
    mother_id: aigul,
  });
  // And her son's son.
  const erlan = await create({
    name: names.erlan,
    sex: 'M',
    birth_year: 1900,
    death_year: 1970,
    father_id: nurlan,
  });
  const marat = await create({
    name: names.marat,
    sex: 'M',
    birth_year: 1930,
    death_year: 2010,
    father_id: erlan,
  });
  // A living great-great-grandson: a guest sees his name only.
  const timur = await create({
    name: names.timur,
    sex: 'M',
    birth_year: 1965,
    is_living: true,
    father_id: marat,
  });
  return { torobek, bubu, aigul, bakyt, aibek, nurlan, erlan, timur, names };
}

/** The relation cards on the page, each with its kind and the persons of its path. */
async function relationCards(page: Page, drawing: 'relation-diagram' | 'relation-steps') {
  const cards = page.locator('[data-relation]');
  const result: { card: Locator; kind: string | null; path: string[] }[] = [];
  for (const card of await cards.all()) {
    const persons = card.getByTestId(drawing).locator('[data-path-person]');
    result.push({
      card,
      kind: await card.getAttribute('data-relation'),
      path: await persons.evaluateAll((links) =>
        links.map((link) => link.getAttribute('data-path-person') ?? ''),
      ),
    });
  }
  return result;
}

describe('relations: /comparison lists every relation', () => {
  const session = useBrowser();
  let family: Family;

  beforeAll(async () => {
    family = await buildFamily();
  });

  it("lists an in-law, the wife's younger brother (кайни), with the path through the marriage", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.goto(`/comparison?a=${family.aibek}&b=${family.bakyt}`);
      // No common ancestor: the present card says so, and the list still finds the in-law.
      await page.getByTestId('no-common-ancestor').waitFor();
      await page.locator('[data-relation]').first().waitFor();
      const drawing = viewport === PHONE ? 'relation-steps' : 'relation-diagram';
      const cards = await relationCards(page, drawing);
      const viaFather = [family.aibek, family.aigul, family.torobek, family.bakyt].map(String);
      const inLaw = cards.find((card) => card.path.join() === viaFather.join());
      expect(inLaw, JSON.stringify(cards.map((card) => card.path))).toBeDefined();
      if (!inLaw) return;
      expect(inLaw.kind).toBe('marriage');
      await expect.poll(() => inLaw.card.getByTestId('relation-marriage').isVisible()).toBe(true);
      expect(await inLaw.card.getByTestId('relation-term').textContent()).toMatch(/кайни/);
      expect(await inLaw.card.getByTestId('relation-sentence').textContent()).toMatch(
        new RegExp(`^${family.names.bakyt} — ${family.names.aibek}`),
      );
      // The links between the persons, as drawn: wife, her father, his son.
      const labels = inLaw.card.getByTestId(drawing).locator('[data-link]');
      expect(await labels.allTextContents()).toEqual(['аял', 'ата', 'уул']);
      // What is drawn is what is visible: the diagram on a desktop, the list on a phone.
      expect(await inLaw.card.getByTestId(drawing).isVisible()).toBe(true);
      // The boxes lead to the persons' pages.
      await inLaw.card
        .getByTestId(drawing)
        .locator(`[data-path-person="${family.torobek}"]`)
        .click();
      await page.waitForURL(new RegExp(`/persons/${family.torobek}$`));
      await page.goBack();
      await page.locator('[data-relation]').first().waitFor();
      await shot(page, `relations-inlaw-${viewport.width}`);
      await page.context().close();
    }
  });

  it("lists a blood relation deeper in a daughter's line than the present diagram reaches", async () => {
    const page = await session.newPage();
    // Бакыт is Эрлан's father's таяке: the present comparison follows father lines and one
    // step through a mother, so it finds no common ancestor; the list finds the blood path.
    await page.goto(`/comparison?a=${family.erlan}&b=${family.bakyt}`);
    await page.getByTestId('no-common-ancestor').waitFor();
    await page.locator('[data-relation]').first().waitFor();
    const cards = await relationCards(page, 'relation-diagram');
    const path = [family.erlan, family.nurlan, family.aigul, family.torobek, family.bakyt];
    const blood = cards.find((card) => card.path.join() === path.join());
    expect(blood, JSON.stringify(cards.map((card) => card.path))).toBeDefined();
    if (!blood) return;
    expect(blood.kind).toBe('blood');
    // The naming itself is the shared namer's (relations-naming.test.ts); here, that it is read.
    expect(await blood.card.getByTestId('relation-sentence').textContent()).toMatch(
      new RegExp(`^${family.names.bakyt} — ${family.names.erlan}`),
    );
    const labels = blood.card.getByTestId('relation-diagram').locator('[data-link]');
    expect(await labels.allTextContents()).toEqual(['ата', 'эне', 'ата', 'уул']);
    await shot(page, 'relations-blood-1440');
  });

  it('does not list again the blood relation the present diagram draws', async () => {
    const page = await session.newPage();
    // The mother's brother (таяке): one step through a mother, drawn by the present diagram.
    await page.goto(`/comparison?a=${family.nurlan}&b=${family.bakyt}`);
    expect(await page.getByTestId('kinship-sentence').textContent()).toMatch(/таяке/);
    await page.getByTestId('comparison-diagram').waitFor();
    await page.locator('[data-relation], [data-testid="relations-empty"]').first().waitFor();
    const drawn = [family.nurlan, family.aigul, family.torobek, family.bakyt].join();
    const cards = await relationCards(page, 'relation-diagram');
    expect(cards.some((card) => card.path.join() === drawn)).toBe(false);
  });

  it('shows a living person on a path as the rule allows: to a guest the name only', async () => {
    const years = async (page: Page) => {
      await page.goto(`/comparison?a=${family.timur}&b=${family.bakyt}`);
      const box = page
        .locator('[data-relation]')
        .getByTestId('relation-diagram')
        .locator(`[data-path-person="${family.timur}"]`);
      await box.first().waitFor();
      // The box's whole label (its title) ends with the years the viewer may see.
      const label = (await box.first().getAttribute('title')) ?? '';
      expect(label).toContain(family.names.timur);
      return /\d{4}–(\d{4})?$/.exec(label)?.[0] ?? '';
    };
    const guest = await session.newPage();
    expect(await years(guest)).toBe('');
    const member = await session.newPage();
    await signIn(member);
    expect(await years(member)).toBe('1965–');
  });

  it('works from the keyboard and in runes, and keeps A and B in the address', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await storeLanguage(page, 'old_ky');
      await page.goto(`/comparison?a=${family.aibek}&b=${family.bakyt}`);
      const first = page.locator('[data-relation]').first();
      await first.waitFor();
      expect(await first.getByTestId('relation-sentence').locator('bdi[dir="rtl"]').count()).toBe(
        1,
      );
      // Tab reaches the path's boxes, each named in Cyrillic for screen readers.
      const drawing = viewport === PHONE ? 'relation-steps' : 'relation-diagram';
      const aibek = first.getByTestId(drawing).locator(`[data-path-person="${family.aibek}"]`);
      expect(await aibek.getAttribute('aria-label')).toMatch(
        new RegExp(`^${family.names.aibek} .*\\d{4}–`),
      );
      let reached = false;
      for (let presses = 0; presses < 40 && !reached; presses++) {
        await page.keyboard.press('Tab');
        reached = await aibek.evaluate((link) => link === document.activeElement);
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/persons/${family.aibek}$`));
      await page.goBack();
      expect(new URL(page.url()).search).toBe(`?a=${family.aibek}&b=${family.bakyt}`);
      await first.waitFor();
      await shot(page, `relations-runes-${viewport.width}`);
      await page.context().close();
    }
  });
});
