import { personLabel, toRunes, type PersonList } from '@bagysh/shared';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loginAdmin } from './support/accounts';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { chartPrintCode, storeLanguage } from './support/shell';

/** The demo seed's documented facts (apps/api/src/modules/persons/persons.seed.ts). */
const ROOT = { id: 1, name: 'Багыш' };
const JORU = { id: 2, name: 'Жору' };
const COUSINS = { a: { id: 9, name: 'Өскөн' }, b: { id: 12, name: 'Үркүнбай' } };

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

interface Auth {
  access: string;
  refresh: string;
  user: { id: number; username: string; role: string };
}

async function registerUser(baseUrl: string, prefix: string): Promise<Auth> {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${baseUrl}/api/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: `Kyl-${randomBytes(6).toString('hex')}-9` }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Auth;
}

async function makeModerator(baseUrl: string): Promise<Auth> {
  const auth = await registerUser(baseUrl, 'gen_mod');
  const login = await fetch(`${baseUrl}/api/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: inject('adminUsername'), password: inject('adminPassword') }),
  });
  expect(login.status).toBe(200);
  const admin = (await login.json()) as Auth;
  const patch = await fetch(`${baseUrl}/api/users/${auth.user.id}/`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
    body: JSON.stringify({ role: 'moderator' }),
  });
  expect(patch.status).toBe(200);
  return { ...auth, user: { ...auth.user, role: 'moderator' } };
}

async function signInAs(page: Page, auth: Auth) {
  await page.addInitScript((stored) => {
    localStorage.setItem(
      'access-token',
      JSON.stringify({ access: stored.access, refresh: stored.refresh }),
    );
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, auth);
}

const node = (page: Page, id: number) => page.locator(`[data-node="${id}"]`);

/** A new person added directly by the admin (so tests that change it leave the demo alone). */
async function createPerson(
  baseUrl: string,
  fields: { name: string; sex?: 'M' | 'F'; father_id?: number; birth_year?: number },
): Promise<{ id: number; name: string }> {
  const admin = await loginAdmin();
  const response = await fetch(`${baseUrl}/api/persons/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
    body: JSON.stringify({ sex: 'M', ...fields }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

/** PATCHes a person through the API as `auth`; a member's change answers 202 (a proposal). */
async function patchPerson(baseUrl: string, auth: Auth, id: number, fields: object) {
  const person = (await (await fetch(`${baseUrl}/api/persons/${id}/`)).json()) as {
    version: number;
  };
  const response = await fetch(`${baseUrl}/api/persons/${id}/`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access}` },
    body: JSON.stringify({ ...fields, version: person.version }),
  });
  expect([200, 202]).toContain(response.status);
  return (await response.json()) as { id: number };
}

/** Drops the console errors of expected refusals (Chromium logs every 4xx response). */
function allowRefusals(errors: string[], status: string) {
  errors.splice(0, errors.length, ...errors.filter((error) => !error.includes(status)));
}

describe('genealogy: /search', () => {
  const session = useBrowser();

  it('finds a person by a folded, misspelt query and shows the lineage in the suggestion', async () => {
    const page = await session.newPage();
    await page.goto('/search');
    await node(page, ROOT.id).waitFor();
    // Latin spelling (folded to Өскөн) and a typo in the father's name (Baytk for Байтик).
    await page.locator('#sanjyra-search').fill('Oskon Baytk');
    const option = page.locator(`li[data-person-id="${COUSINS.a.id}"]`);
    await option.waitFor();
    // The label names the father and grandfather; the forefathers above follow.
    expect(await option.locator('[data-person-label]').textContent()).toMatch(
      /^Өскөн Байтик уулу \(Жору\)/,
    );
    expect(await option.textContent()).toContain(' ← Багыш');
    await option.click();
    await page.waitForURL(/\/search\?person=9$/);
    await expect.poll(() => node(page, COUSINS.a.id).getAttribute('aria-selected')).toBe('true');
    // The ancestor chain is drawn above the person.
    await node(page, 5).waitFor();
    await node(page, JORU.id).waitFor();
    await shot(page, 'search-person-desktop');
  });

  it('searches everything under the box: an article found with a typo, its word marked', async () => {
    const page = await session.newPage();
    await page.goto('/search');
    await node(page, ROOT.id).waitFor();
    // "илимпос" for илимпоз (a typo), in the demonstration articles.
    await page.locator('#sanjyra-search').fill('илимпос');
    const articles = page.locator('[data-testid="search-everything"] section[data-kind="article"]');
    await articles.waitFor();
    expect(await articles.locator('mark').first().textContent()).toMatch(/^илимпоз/i);
    await page.waitForURL(/[?&]q=/);
    await articles.locator('a').first().click();
    await page.waitForURL(/\/person-articles\/\d+$/);
  });

  it('starts at the root and loads children when a node is expanded', async () => {
    const page = await session.newPage();
    await page.goto('/search');
    await node(page, JORU.id).waitFor();
    expect(await node(page, 5).count()).toBe(0);
    // Each node says how many descendants it has, as the API counts them.
    const joru = (await (await fetch(`${session.baseUrl}/api/persons/${JORU.id}/`)).json()) as {
      descendant_count: number;
    };
    expect(joru.descendant_count).toBeGreaterThan(10);
    const meta = node(page, JORU.id).locator('.tree-node-meta', { hasText: 'урпактары' });
    expect((await meta.textContent())?.replace(/\D/g, '')).toBe(String(joru.descendant_count));
    const childrenLoaded = page.waitForResponse((response) =>
      response.url().includes(`/api/persons/${JORU.id}/children/`),
    );
    await page.locator(`[data-toggle="${JORU.id}"]`).click();
    await childrenLoaded;
    await node(page, 5).waitFor();
    await node(page, 6).waitFor();
    // Clicking a person opens the card with a link to the person page.
    await node(page, 6).click();
    const open = page.getByRole('link', { name: 'Толук маалымат' });
    await open.click();
    await page.waitForURL(/\/persons\/6$/);
    await page.locator('h1', { hasText: 'Шаршен' }).waitFor();
  });

  it('restores the view from a shared URL, and Back returns to the previous person', async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`/search?person=${COUSINS.b.id}`);
    await expect.poll(() => node(page, COUSINS.b.id).getAttribute('aria-selected')).toBe('true');
    await node(page, 6).waitFor();
    await shot(page, 'search-shared-phone');
    await page.locator('#sanjyra-search').fill('Өскөн Байтик');
    await page.locator(`li[data-person-id="${COUSINS.a.id}"]`).click();
    await page.waitForURL(/person=9$/);
    await expect.poll(() => node(page, COUSINS.a.id).getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    // With the query typed, if the search of everything under the box had kept it by then.
    await page.waitForURL(/person=12(&q=[^&]*)?$/);
    await expect.poll(() => node(page, COUSINS.b.id).getAttribute('aria-selected')).toBe('true');
  });

  it('moves, expands and zooms with the keyboard, and prints only the tree', async () => {
    const page = await session.newPage();
    // The print copy's code is no part of the page's load; it comes with the first key.
    const printCode = chartPrintCode(page);
    await page.goto(`/search?person=${COUSINS.a.id}`);
    const focused = node(page, COUSINS.a.id);
    await expect.poll(() => focused.getAttribute('aria-selected')).toBe('true');
    await focused.focus();
    await page.keyboard.press('ArrowUp');
    await page.waitForURL(/person=5$/);
    await expect.poll(() => node(page, 5).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-node'))).toBe('5');
    const scale = async () =>
      Number(
        /scale\(([\d.]+)\)/.exec(
          (await page.locator('svg[role="tree"] > g').getAttribute('transform')) ?? '',
        )?.[1],
      );
    const before = await scale();
    await page.keyboard.press('+');
    await expect.poll(scale).toBeGreaterThan(before);
    const zoomed = await scale();
    await page.keyboard.press('0');
    await expect.poll(scale).toBeLessThan(zoomed);
    // Enter opens the card; Escape closes it and focus stays in the tree.
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: 'Байтик' });
    await card.waitFor();
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    // Printing from the browser's menu (no Ctrl+P to wait on) once the code has come: the
    // whole tree as one SVG, the rest of the page hidden.
    await printCode;
    const printed = page.locator('.chart-print-root svg');
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.dispatchEvent(new Event('beforeprint'));
          return document.querySelectorAll('.chart-print-root svg').length;
        }),
      )
      .toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await printed.locator('text', { hasText: COUSINS.a.name }).count()).toBeGreaterThan(0);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    await shot(page, 'search-print-desktop');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await printed.waitFor({ state: 'detached' });
  });

  it('turns the tree, its card and its SVG to runes, keeping Cyrillic accessible names', async () => {
    const page = await session.newPage();
    await page.goto(`/search?person=${COUSINS.a.id}`);
    await expect.poll(() => node(page, COUSINS.a.id).getAttribute('aria-selected')).toBe('true');
    await page
      .getByTestId('language-switch')
      .getByRole('button', { name: 'Байыркы түрк жазуусу' })
      .click();
    const name = node(page, COUSINS.a.id).locator('.tree-node-name bdi[dir="rtl"]');
    await name.waitFor();
    expect(await name.textContent()).toBe(toRunes(COUSINS.a.name));
    // The name as the box shows it, with its descendant count, in Cyrillic; then the father
    // and grandfather that tell namesakes apart.
    expect(await node(page, COUSINS.a.id).getAttribute('aria-label')).toMatch(
      new RegExp(`^${COUSINS.a.name}, урпактары: \\d+, Байтик уулу \\(Жору\\)$`),
    );
    // The toolbar's texts come from the catalogue, shown in runes, named in Cyrillic.
    const toolbar = page.getByRole('toolbar', { name: 'Санжыра куралдары' });
    const svgButton = toolbar.getByRole('button', { name: 'SVG жүктөп алуу' });
    expect(await svgButton.textContent()).toContain(toRunes('Жүктөп алуу'));
    await shot(page, 'search-runes-desktop');

    // The exported SVG shows the same runes; the Cyrillic stays in each name's <title>.
    const [download] = await Promise.all([page.waitForEvent('download'), svgButton.click()]);
    expect(download.suggestedFilename()).toBe('sanjyra.svg');
    const svg = readFileSync((await download.path()) ?? '', 'utf8');
    expect(svg).toContain(`<title>${COUSINS.a.name}</title>${toRunes(COUSINS.a.name)}</text>`);
    // The rune font travels inside the file: viewers have no web fonts of the site.
    expect(svg).toMatch(
      /@font-face\{font-family:'Noto Sans Old Turkic'.*src:url\(data:font\/woff2;base64,/,
    );
    const pngButton = toolbar.getByRole('button', { name: 'PNG жүктөп алуу' });
    const [png] = await Promise.all([page.waitForEvent('download'), pngButton.click()]);
    expect(png.suggestedFilename()).toBe('sanjyra.png');
    const bytes = readFileSync((await png.path()) ?? '');
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');

    // The card: name and buttons in runes, links and buttons named in Cyrillic.
    await node(page, COUSINS.a.id).click();
    const card = page.getByRole('dialog', { name: COUSINS.a.name });
    await card.waitFor();
    const open = card.getByRole('link', { name: 'Толук маалымат' });
    expect(await open.textContent()).toBe(toRunes('Толук маалымат'));
    expect(await card.getByRole('list', { name: 'Ата-теги' }).textContent()).toContain(
      toRunes(JORU.name),
    );
    await shot(page, 'search-runes-card-desktop');
  });

  it('shows the tree in runes on a phone', async () => {
    const page = await session.newPage(PHONE);
    await storeLanguage(page, 'old_ky');
    await page.goto(`/search?person=${COUSINS.b.id}`);
    const name = node(page, COUSINS.b.id).locator('.tree-node-name bdi[dir="rtl"]');
    await name.waitFor();
    expect(await name.textContent()).toBe(toRunes(COUSINS.b.name));
    await node(page, COUSINS.b.id).click();
    await page.getByRole('dialog', { name: COUSINS.b.name }).waitFor();
    await shot(page, 'search-runes-card-phone');
  });
});

describe('genealogy: /persons', () => {
  const session = useBrowser();

  const countOf = async (query: string) =>
    (
      (await (await fetch(`${session.baseUrl}/api/persons/?${query}&page_size=1`)).json()) as {
        count: number;
      }
    ).count;

  it('labels the filters in runes, while the inputs keep their Cyrillic names', async () => {
    const page = await session.newPage();
    await storeLanguage(page, 'old_ky');
    await page.goto('/persons');
    await page.getByTestId('persons-list').waitFor();
    // Found by the Cyrillic name a screen reader announces…
    const name = page.getByRole('searchbox', { name: 'Аты', exact: true });
    expect(await page.getByRole('combobox', { name: 'Жынысы', exact: true }).count()).toBe(1);
    await name.fill('Жору');
    await page.waitForURL(/q=/);
    // …while the label on screen is in runes.
    const label = page.locator('label', { has: page.locator('bdi') }).first();
    expect(await label.locator('bdi').textContent()).toBe(toRunes('Аты'));
    expect(await label.locator('bdi').isVisible()).toBe(true);
  });

  it('filters by generation and sex from the URL, and loads more on scroll', async () => {
    const sixthMen = await countOf('generation=6&sex=M');
    const historical = await countOf('living=false');
    expect(sixthMen).toBeGreaterThan(0);
    expect(sixthMen).toBeLessThanOrEqual(30);
    expect(historical).toBeGreaterThan(30);
    const sortedByApi = (
      (await (
        await fetch(
          `${session.baseUrl}/api/persons/?generation=6&sex=M&ordering=-name&page_size=30`,
        )
      ).json()) as PersonList
    ).results.map((person) => personLabel(person));
    expect(sortedByApi).not.toEqual([...sortedByApi].reverse());
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.goto('/persons?generation=6&sex=M&ordering=-name');
      const list = page.getByTestId('persons-list');
      await list.waitFor();
      await page.getByText(`Табылды: ${sixthMen}`).waitFor();
      const rows = list.locator('li');
      expect(await rows.count()).toBe(sixthMen);
      expect(await list.getByText('6-муун').count()).toBe(sixthMen);
      const names = await list.locator('li a').allTextContents();
      // In the server's order for the URL's sort (Я–А), each labelled with father and grandfather.
      expect(names).toEqual(sortedByApi);
      await shot(page, `persons-filtered-${viewport.width}`);

      // Historical persons: one page of 30, then more as the list scrolls.
      await page.goto('/persons?living=false');
      await page.getByText(`Табылды: ${historical}`).waitFor();
      expect(await rows.count()).toBe(30);
      await page.locator('footer').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count()).toBeGreaterThan(30);

      // A name no one has: the empty state.
      await page.locator('#persons-q').fill('Жокбу Мындайаты');
      await page.getByTestId('persons-empty').waitFor();
      await page.context().close();
    }
  });
});

describe('genealogy: /comparison', () => {
  const session = useBrowser();

  it('names two first cousins аталаш бир тууган and draws both lines meeting at Жору', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.goto(`/comparison?a=${COUSINS.a.id}&b=${COUSINS.b.id}`);
      const sentence = page.getByTestId('kinship-sentence');
      await sentence.waitFor();
      expect(await sentence.textContent()).toBe('Үркүнбай — Өскөндүн аталаш бир тууганы');
      await page.getByTestId('jeti-ata').waitFor();
      const diagram = page.getByTestId('comparison-diagram');
      expect(await diagram.locator(`[data-chain-person="${JORU.id}"]`).count()).toBe(1);
      expect(await page.getByTestId('chain-a').textContent()).toMatch(/Байтик.*Өскөн/);
      expect(await page.getByTestId('chain-b').textContent()).toMatch(/Шаршен.*Үркүнбай/);
      // The pickers show the persons of the URL.
      await expect
        .poll(() => page.locator('#compare-a').inputValue())
        .toMatch(/^Өскөн Байтик уулу/);
      await shot(page, `comparison-${viewport.width}`);
      await page.context().close();
    }
  });

  it('says plainly when there is no common ancestor, and works in runes', async () => {
    const page = await session.newPage();
    await storeLanguage(page, 'old_ky');
    // Someone outside the tribe's line: a new root person, added directly by the admin.
    const admin = await loginAdmin();
    const created = await fetch(`${session.baseUrl}/api/persons/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
      body: JSON.stringify({ name: `Бөтөн ${randomBytes(3).toString('hex')}`, sex: 'M' }),
    });
    expect(created.status).toBe(201);
    const stranger = (await created.json()) as { id: number };
    await page.goto(`/comparison?a=${ROOT.id}&b=${stranger.id}`);
    await page.getByTestId('no-common-ancestor').waitFor();
    await page.goto(`/comparison?a=${COUSINS.a.id}&b=${COUSINS.b.id}`);
    const sentence = page.getByTestId('kinship-sentence');
    await sentence.waitFor();
    expect(await sentence.locator('bdi[dir="rtl"]').count()).toBe(1);
    await shot(page, 'comparison-runes');
  });
});

describe('genealogy: person page, proposals and moderation', () => {
  const session = useBrowser();

  it('shows the lineage chain, family and buttons of a person', async () => {
    const page = await session.newPage();
    await page.goto(`/persons/${COUSINS.a.id}`);
    await page.locator('h1', { hasText: COUSINS.a.name }).waitFor();
    const lineage = page.getByTestId('lineage');
    expect(await lineage.textContent()).toMatch(/Өскөн.*Байтик.*Жору.*Багыш/);
    await lineage.getByRole('link', { name: JORU.name }).click();
    await page.waitForURL(/\/persons\/2$/);
    await page.locator('h1', { hasText: JORU.name }).waitFor();
    await page.getByRole('link', { name: 'Санжырадан көрсөтүү' }).click();
    await page.waitForURL(/\/search\?person=2$/);
    await expect.poll(() => node(page, JORU.id).getAttribute('aria-selected')).toBe('true');
  });

  it("hides a living person's details from a guest", async () => {
    const living = (await (
      await fetch(`${session.baseUrl}/api/persons/?living=true&page_size=1`)
    ).json()) as { results: { id: number; name: string }[] };
    const person = living.results[0];
    expect(person).toBeDefined();
    if (!person) return;
    const page = await session.newPage(PHONE);
    await page.goto(`/persons/${person.id}`);
    await page.getByTestId('restricted').waitFor();
    // The name and the lineage stay visible; the facts section is not there.
    await page.getByTestId('lineage').waitFor();
    expect(await page.getByText('Туулган', { exact: true }).count()).toBe(0);
    await shot(page, 'person-restricted-phone');
  });

  it("puts a member's proposal in the moderators' queue; accepted, it shows on the page", async () => {
    // A historical person deep in the tree, so other tests' persons stay as they are.
    const list = (await (
      await fetch(`${session.baseUrl}/api/persons/?living=false&generation=6&page_size=5`)
    ).json()) as { results: { id: number; name: string }[] };
    const target = list.results[0];
    expect(target).toBeDefined();
    if (!target) return;
    const biography = `Сынак өмүр баяны ${randomBytes(3).toString('hex')}`;

    const member = await registerUser(session.baseUrl, 'gen_member');
    const page = await session.newPage();
    await signInAs(page, member);
    await page.goto(`/persons/${target.id}`);
    await page.getByRole('button', { name: 'Түзөтүү', exact: true }).click();
    await page.locator('#person-biography').fill(biography);
    await page.getByRole('button', { name: 'Сунуш жөнөтүү' }).click();
    await page.getByTestId('pending-note').waitFor();
    expect(await page.getByTestId('pending-note').textContent()).toContain('текшерүүнү күтүүдө');
    await page.context().close();

    const moderator = await makeModerator(session.baseUrl);
    const review = await session.newPage();
    await signInAs(review, moderator);
    await review.goto('/persons');
    await review.getByTestId('persons-list').waitFor();
    // The user menu shows how many proposals wait, and leads to the queue.
    await review
      .locator('button[aria-haspopup="menu"]', { hasText: moderator.user.username })
      .click();
    const badge = review.getByTestId('pending-badge');
    await badge.waitFor();
    await expect
      .poll(async () => Number(await badge.locator('.MuiBadge-badge').textContent()))
      .toBeGreaterThan(0);
    await review.getByRole('menuitem', { name: /Модерация/ }).click();
    await review.waitForURL(/\/moderation$/);
    const card = review.locator('[data-revision]', { hasText: biography });
    await card.waitFor();
    await shot(review, 'moderation-desktop');
    await card.getByRole('button', { name: 'Кабыл алуу' }).click();
    await card.waitFor({ state: 'detached' });

    await review.goto(`/persons/${target.id}`);
    await review.getByTestId('biography').waitFor();
    expect(await review.getByTestId('biography').textContent()).toBe(biography);
    await review.getByTestId('history').waitFor();
    await shot(review, 'person-moderator-desktop');
  });

  it("sends a member's photo for review; a moderator's photo is shown at once", async () => {
    const target = await createPerson(session.baseUrl, {
      name: `Сүрөттүү ${randomBytes(3).toString('hex')}`,
      father_id: JORU.id,
    });
    const photo = {
      name: 'ata.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    };

    const member = await registerUser(session.baseUrl, 'gen_photo');
    const page = await session.newPage(PHONE);
    await signInAs(page, member);
    await page.goto(`/persons/${target.id}`);
    await page.locator('h1', { hasText: target.name }).waitFor();
    await page.getByTestId('person-photo-input').setInputFiles(photo);
    await page.getByTestId('pending-note').waitFor();
    expect(await page.getByTestId('pending-note').textContent()).toContain('текшерүүнү күтүүдө');
    expect(await page.getByTestId('person-photo').count()).toBe(0);
    await page.context().close();

    const moderator = await makeModerator(session.baseUrl);
    const review = await session.newPage();
    await signInAs(review, moderator);
    await review.goto(`/persons/${target.id}`);
    await review.locator('h1', { hasText: target.name }).waitFor();
    await review.getByTestId('person-photo-input').setInputFiles(photo);
    const image = review.getByTestId('person-photo');
    await image.waitFor();
    // Signed in, the photo is fetched with the token (it may be members-only).
    await expect.poll(() => image.getAttribute('src')).toMatch(/^blob:/);
    expect(await image.getAttribute('alt')).toBe(target.name);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The history shows both photo changes as pictures, the member's still waiting for review.
    await expect.poll(() => review.getByTestId('diff-photo').count()).toBe(2);
    await shot(review, 'person-photo-desktop');

    // A living person's photo is uploaded members-only: members see it, a guest the placeholder.
    const living = await createPerson(session.baseUrl, {
      name: `Тирүү сүрөттүү ${randomBytes(3).toString('hex')}`,
      father_id: JORU.id,
      birth_year: 1995,
    });
    await review.goto(`/persons/${living.id}`);
    await review.locator('h1', { hasText: living.name }).waitFor();
    await review.getByTestId('person-photo-input').setInputFiles(photo);
    const livingImage = review.getByTestId('person-photo');
    await expect
      .poll(() => livingImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    const guest = await session.newPage(PHONE);
    await guest.goto(`/persons/${target.id}`);
    const publicImage = guest.getByTestId('person-photo');
    await expect
      .poll(() => publicImage.getAttribute('src'))
      .toMatch(/^\/api\/files\/\d+\/download\/$/);
    await guest.goto(`/persons/${living.id}`);
    await guest.getByTestId('person-photo-placeholder').waitFor();
    expect(await guest.getByTestId('person-photo').count()).toBe(0);
  });

  it('lets a moderator delete a childless person after a confirmation, and refuses a parent', async () => {
    const tag = randomBytes(3).toString('hex');
    const parent = await createPerson(session.baseUrl, {
      name: `Өчүүчү ата ${tag}`,
      father_id: JORU.id,
    });
    const child = await createPerson(session.baseUrl, {
      name: `Өчүүчү ${tag}`,
      father_id: parent.id,
    });
    const moderator = await makeModerator(session.baseUrl);
    const page = await session.newPage();
    await signInAs(page, moderator);

    // A person with children: the API's refusal is shown in the dialog, nothing is deleted.
    await page.goto(`/persons/${parent.id}`);
    await page.locator('h1', { hasText: parent.name }).waitFor();
    await page.getByRole('button', { name: 'Өчүрүү', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Инсанды өчүрүү керекпи?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Өчүрүү' }).click();
    const refusal = dialog.getByTestId('delete-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Бул адамдын балдары бар');
    await shot(page, 'person-delete-refused-desktop');
    allowRefusals(session.consoleErrors, '409');
    await dialog.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await fetch(`${session.baseUrl}/api/persons/${parent.id}/`)).status).toBe(200);

    // A childless person: Cancel keeps them; confirmed, they are gone and the father's page opens.
    await page.goto(`/persons/${child.id}`);
    await page.locator('h1', { hasText: child.name }).waitFor();
    await page.getByRole('button', { name: 'Өчүрүү' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Өчүрүү' }).click();
    await dialog.getByRole('button', { name: 'Өчүрүү' }).click();
    await page.waitForURL(new RegExp(`/persons/${parent.id}$`));
    await page.locator('h1', { hasText: parent.name }).waitFor();
    await page.getByText('Балдары жазылган эмес.').waitFor();
    expect((await fetch(`${session.baseUrl}/api/persons/${child.id}/`)).status).toBe(404);
  });

  it('rejects a proposal with a required comment, and reverts an applied change', async () => {
    const list = (await (
      await fetch(`${session.baseUrl}/api/persons/?living=false&generation=7&page_size=5`)
    ).json()) as { results: { id: number; name: string }[] };
    const target = list.results[1];
    expect(target).toBeDefined();
    if (!target) return;
    const tag = randomBytes(3).toString('hex');
    const member = await registerUser(session.baseUrl, 'gen_rej');
    const proposal = await patchPerson(session.baseUrl, member, target.id, {
      birth_place: `Сунушталган жер ${tag}`,
    });

    const moderator = await makeModerator(session.baseUrl);
    const page = await session.newPage(PHONE);
    await signInAs(page, moderator);
    await page.goto('/moderation');
    const card = page.locator(`[data-revision="${proposal.id}"]`);
    await card.waitFor();
    expect(await card.locator('table').textContent()).toContain(`Сунушталган жер ${tag}`);
    // Rejecting without a comment only asks for one, so a click that a late layout shift (web
    // fonts on a phone) sent elsewhere is simply repeated.
    await expect
      .poll(async () => {
        await card.getByRole('button', { name: 'Четке кагуу' }).click();
        return card.getByText('Четке кагуунун себебин жазыңыз.').isVisible();
      })
      .toBe(true);
    await shot(page, 'moderation-reject-phone');
    await card.getByLabel(/Түшүндүрмө/).fill(`Булагы жок ${tag}`);
    await card.getByRole('button', { name: 'Четке кагуу' }).click();
    await card.waitFor({ state: 'detached' });

    // The history shows the rejection with its comment; the person is unchanged.
    await page.goto(`/persons/${target.id}`);
    const rejected = page.locator(`[data-history-revision="${proposal.id}"]`);
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain('Четке кагылды');
    expect(await rejected.textContent()).toContain(`Булагы жок ${tag}`);

    // A moderator's own change applies; "Кайтаруу" in the history undoes it.
    const applied = await patchPerson(session.baseUrl, moderator, target.id, {
      death_place: `Жаңы жер ${tag}`,
    });
    await page.reload();
    await page.getByText(`Жаңы жер ${tag}`).first().waitFor();
    const history = page.getByTestId('history');
    const appliedRow = history
      .locator('[data-history-revision]', { hasText: `Жаңы жер ${tag}` })
      .first();
    await appliedRow.getByRole('button', { name: 'Кайтаруу' }).click();
    await page.getByText('Өзгөртүү кайтарылды.').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('person-timeline').textContent()) ?? '')
      .not.toContain(`Жаңы жер ${tag}`);
    expect(applied).toBeDefined();
    await shot(page, 'person-reverted-phone');
  });

  it("turns a member's delete into a proposal waiting for review", async () => {
    const target = await createPerson(session.baseUrl, {
      name: `Сунуш ${randomBytes(3).toString('hex')}`,
      father_id: JORU.id,
    });
    const member = await registerUser(session.baseUrl, 'gen_del');
    const page = await session.newPage(PHONE);
    await signInAs(page, member);
    await page.goto(`/persons/${target.id}`);
    await page.locator('h1', { hasText: target.name }).waitFor();
    // On a phone the header's less used actions are in its menu.
    await page.getByRole('button', { name: 'Башка аракеттер' }).click();
    await page.getByRole('menuitem', { name: 'Өчүрүү' }).click();
    const dialog = page.getByRole('dialog', { name: 'Инсанды өчүрүү керекпи?' });
    expect(await dialog.textContent()).toContain('сунушу жөнөтүлөт');
    await shot(page, 'person-delete-member-phone');
    await dialog.getByRole('button', { name: 'Сунуш жөнөтүү' }).click();
    await page.getByTestId('pending-note').waitFor();
    expect(await page.getByTestId('pending-note').textContent()).toContain('текшерүүнү күтүүдө');
    expect((await fetch(`${session.baseUrl}/api/persons/${target.id}/`)).status).toBe(200);
  });
});
