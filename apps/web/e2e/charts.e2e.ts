import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, type Auth } from './support/accounts';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { chartPrintCode, storeLanguage } from './support/shell';

/**
 * The pedigree and descendant charts on a family made for this file: both parents'
 * lines with their own parents, a male line deep enough to expand, a daughter with a son.
 */

const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const session = useBrowser();
const tag = randomBytes(2).toString('hex');
let admin: Auth;
/** The mother's photo: its thumbnail fails while the chart is saved. */
let unreachablePhoto: number;
const family: Record<string, { id: number; name: string }> = {};

async function add(
  key: string,
  name: string,
  fields: { sex?: 'M' | 'F'; father?: string; mother?: string; photo?: number } = {},
) {
  const response = await fetch(`${session.baseUrl}/api/persons/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
    body: JSON.stringify({
      name: `${name} ${tag}`,
      sex: fields.sex ?? 'M',
      birth_year: 1800 + Object.keys(family).length * 5,
      death_year: 1890 + Object.keys(family).length * 5,
      father_id: fields.father ? family[fields.father]!.id : null,
      mother_id: fields.mother ? family[fields.mother]!.id : null,
      photo_file_id: fields.photo ?? null,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  family[key] = (await response.json()) as { id: number; name: string };
}

async function uploadPhoto(): Promise<number> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 121, b: 107 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  form.append('visibility', 'public');
  const response = await fetch(`${session.baseUrl}/api/files/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.access}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  admin = await loginAdmin();
  const photo = await uploadPhoto();
  unreachablePhoto = await uploadPhoto();
  await add('x1', 'Төрөбай');
  await add('x2', 'Сарыбай', { father: 'x1' });
  await add('x3', 'Калыбек', { father: 'x2' });
  await add('pgf', 'Жаныбек', { father: 'x3' });
  await add('pgm', 'Бүбүжан', { sex: 'F' });
  await add('mgf', 'Тайлак', { photo });
  await add('mgm', 'Айымкан', { sex: 'F' });
  await add('father', 'Асанбек', { father: 'pgf', mother: 'pgm' });
  await add('mother', 'Гүлнара', {
    sex: 'F',
    father: 'mgf',
    mother: 'mgm',
    photo: unreachablePhoto,
  });
  await add('me', 'Нурбек', { father: 'father', mother: 'mother', photo });
  await add('daughter', 'Айпери', { sex: 'F', father: 'me' });
  await add('husband', 'Бакыт');
  await add('grandson', 'Эрлан', { father: 'husband', mother: 'daughter' });
  // A marriage inside the family: the daughter and her father's sister's son.
  await add('sister', 'Айгүл', { sex: 'F', father: 'father', mother: 'mother' });
  await add('cousin', 'Темир', { mother: 'sister' });
  await add('union', 'Бекзат', { father: 'cousin', mother: 'daughter' });
});

/** Console errors with `text` were caused on purpose: not errors of the page. */
function expectedErrors(text: string) {
  const errors = session.consoleErrors;
  errors.splice(0, errors.length, ...errors.filter((error) => !error.includes(text)));
}

const box = (page: Page, key: string) => page.locator(`a[data-person="${family[key]!.id}"]`);
/** The person whose box has the focus (it moves once the chart has drawn a key's move). */
const focusedPerson = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-person'));
const chart = (page: Page) => page.locator('svg[role="group"]');

describe('the pedigree chart', () => {
  it('shows both parents’ lines, expands, recentres, pans by keys and saves an SVG', async () => {
    const page = await session.newPage(DESKTOP);
    // Reached from the person page.
    await page.goto(`/persons/${family.me!.id}`);
    await page.getByRole('link', { name: 'Ата-теги диаграммасы' }).click();
    await page.waitForURL(new RegExp(`/persons/${family.me!.id}/pedigree$`));
    await page.locator('h1', { hasText: `${family.me!.name}: ата-теги` }).waitFor();
    for (const key of ['me', 'father', 'mother', 'pgf', 'pgm', 'mgf', 'mgm', 'x3', 'x2']) {
      await box(page, key).waitFor();
    }
    expect(await page.title()).toBe(`${family.me!.name}: ата-теги - Багыш санжырасы`);
    // The mother's father's photo, as a thumbnail.
    const photo = box(page, 'mgf').locator('image');
    expect(await photo.getAttribute('href')).toMatch(/^\/api\/files\/\d+\/thumbnail\/$/);
    await shot(page, 'pedigree-desktop-ky');

    // Five generations on screen; the sixth behind the "+" of the fifth.
    expect(await box(page, 'x1').count()).toBe(0);
    await page.locator('[data-toggle="ffff"]').click();
    await box(page, 'x1').waitFor();
    expect(await page.locator('[data-toggle="ffff"]').getAttribute('aria-label')).toBe(
      'Ата-энесин жашыруу',
    );

    // Keyboard: arrows pan the view.
    await chart(page).focus();
    const before = (await chart(page).getAttribute('data-view'))!.split(',').map(Number);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(async () => (await chart(page).getAttribute('data-view'))!.split(',').map(Number))
      .toEqual([before[0]! + 80, before[1]! + 80, before[2]]);
    // On a person, arrows go from person to person: right to the parents, down the column.
    const focused = () => focusedPerson(page);
    await box(page, 'me').focus();
    for (const [key, next] of [
      ['ArrowRight', 'father'],
      ['ArrowDown', 'mother'],
      ['ArrowRight', 'mgf'],
      ['ArrowLeft', 'mother'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(focused).toBe(String(family[next]!.id));
    }

    // The file carries the photos inside; one that cannot be fetched leaves a placeholder.
    await page.route(`**/api/files/${unreachablePhoto}/thumbnail/`, (route) => route.abort());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SVG жүктөп алуу' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ata-tegi.svg');
    const svg = readFileSync((await download.path()) ?? '', 'utf8');
    for (const key of ['me', 'father', 'mother', 'mgm', 'x1']) {
      expect(svg).toContain(`<title>${family[key]!.name}</title>`);
    }
    const boxOf = (key: string) =>
      svg
        .split('<g transform')
        .find((part) => part.includes(`<title>${family[key]!.name}</title>`))!;
    for (const key of ['me', 'mgf'])
      expect(boxOf(key)).toMatch(/<image href="data:image\/\w+;base64,/);
    expect(boxOf('mother')).not.toContain('<image');
    expect(boxOf('mother')).toMatch(/<rect x="14"/);
    await page.unroute(`**/api/files/${unreachablePhoto}/thumbnail/`);
    expectedErrors('net::ERR_FAILED');

    // The first generations hide too; hidden stays hidden when the chart is recentred.
    const grandfather = page.locator('[data-toggle="ff"]');
    expect(await grandfather.getAttribute('aria-label')).toBe('Ата-энесин жашыруу');
    await grandfather.click();
    await expect.poll(() => box(page, 'x3').count()).toBe(0);
    await box(page, 'father').click();
    await page.waitForURL(`**/persons/${family.father!.id}/pedigree`);
    await page.locator('h1', { hasText: `${family.father!.name}: ата-теги` }).waitFor();
    await box(page, 'pgm').waitFor();
    expect(await box(page, 'me').count()).toBe(0);
    expect(await box(page, 'x3').count()).toBe(0);
    expect(await page.locator('[data-toggle="f"]').getAttribute('aria-label')).toBe(
      'Ата-энесин көрсөтүү',
    );
    await page.locator('[data-toggle="f"]').click();
    await box(page, 'x3').waitFor();
  });

  it('prints the photos embedded, so one not loaded yet does not print blank', async () => {
    const page = await session.newPage(DESKTOP);
    // The page's thumbnails never arrive: only the print's own fetch gets the photo.
    let held = 0;
    await page.route('**/api/files/*/thumbnail/', (route, request) =>
      request.resourceType() === 'image' ? void (held += 1) : route.continue(),
    );
    await page.goto(`/persons/${family.me!.id}/pedigree`);
    await box(page, 'mgf').waitFor();
    await expect.poll(() => held).toBeGreaterThan(0);
    // Stands in for the print dialog: what the copy holds when the browser is asked to print.
    await page.evaluate(() => {
      const printed: string[][] = [];
      (window as unknown as { printed: string[][] }).printed = printed;
      window.print = () => {
        const copy = document.querySelector('.chart-print-root svg');
        printed.push(
          [...(copy?.querySelectorAll('image') ?? [])].map((image) => image.getAttribute('href')!),
        );
      };
    });
    await page.getByRole('button', { name: 'Басып чыгаруу (PDF)' }).click();
    const printed = () =>
      page.evaluate(() => (window as unknown as { printed: string[][] }).printed);
    await expect.poll(async () => (await printed()).length).toBe(1);
    const [hrefs] = await printed();
    // Three boxes with a photo: the person, the mother's father and the mother.
    expect(hrefs).toHaveLength(3);
    for (const href of hrefs!) expect(href).toMatch(/^data:image\/\w+;base64,/);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.locator('.chart-print-root svg').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('answers a missing person with the not-found page', async () => {
    const page = await session.newPage(DESKTOP);
    const response = await page.goto('/persons/2000000000/pedigree');
    expect(response?.status()).toBe(404);
    await page.locator('h1', { hasText: 'Табылган жок' }).waitFor();
    // The page's own 404 and the API's are the expected answers, not errors of the page.
    expectedErrors('404');
  });
});

describe('the descendant chart', () => {
  it('follows sons and daughters, collapses and expands a line', async () => {
    const page = await session.newPage(DESKTOP);
    await page.goto(`/persons/${family.father!.id}`);
    await page.getByRole('link', { name: 'Урпактар диаграммасы' }).click();
    await page.waitForURL(new RegExp(`/persons/${family.father!.id}/descendants$`));
    await page.locator('h1', { hasText: `${family.father!.name}: урпактары` }).waitFor();
    // The daughter's son, through her: the mother's line too.
    await box(page, 'grandson').waitFor();
    await shot(page, 'descendants-desktop-ky');
    const toggle = page.locator(`[data-toggle="${family.daughter!.id}"]`);
    expect(await toggle.getAttribute('aria-label')).toBe('Балдарын жашыруу');
    await toggle.press('Enter');
    await expect.poll(() => box(page, 'grandson').count()).toBe(0);
    await toggle.click();
    await box(page, 'grandson').waitFor();

    // A child of two persons in the chart: one box, joined to both by a dashed line.
    await box(page, 'union').waitFor();
    expect(await box(page, 'union').count()).toBe(1);
    expect(await page.locator('svg[role="group"] path[stroke-dasharray]').count()).toBe(1);

    // Keys: down to the children, along the row, Enter recentres.
    const focused = () => focusedPerson(page);
    await box(page, 'me').focus();
    await expect.poll(focused).toBe(String(family.me!.id));
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe(String(family.daughter!.id));
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe(String(family.me!.id));
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe(String(family.sister!.id));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/persons/${family.sister!.id}/descendants`);
    // The new chart, not the old one: the sister's box keeps the focus in the old one, whose
    // cousin is drawn too, and a key pressed there is lost when the new chart takes the focus.
    await page.locator('h1', { hasText: `${family.sister!.name}: урпактары` }).waitFor();
    await expect
      .poll(() => chart(page).locator('a[data-person]').first().getAttribute('data-person'))
      .toBe(String(family.sister!.id));
    await box(page, 'cousin').waitFor();
    // The new chart takes the focus on its person: the keys go on from there.
    await expect.poll(focused).toBe(String(family.sister!.id));
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe(String(family.cousin!.id));
  });
});

describe('the санжыра tree', () => {
  it('shows the photo thumbnail in a person’s card and in the saved file', async () => {
    const page = await session.newPage(DESKTOP);
    await page.goto(`/search?person=${family.me!.id}`);
    const image = page.locator(`[data-node="${family.me!.id}"] image`);
    await image.waitFor();
    expect(await image.getAttribute('href')).toMatch(/^\/api\/files\/\d+\/thumbnail\/$/);
    // The thumbnail loads for a guest: a person's photo is a public image.
    expect(await image.evaluate((element) => (element as SVGImageElement).getBBox().width)).toBe(
      40,
    );
    // The saved tree carries the photo inside.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SVG жүктөп алуу' }).click(),
    ]);
    const svg = readFileSync((await download.path()) ?? '', 'utf8');
    expect(svg).toMatch(/<image href="data:image\/\w+;base64,/);
  });
});

describe('printing the санжыра tree from the browser’s menu', () => {
  it('prints the photos as data: URLs, fetched while the page was idle', async () => {
    const page = await session.newPage(DESKTOP);
    const printCode = chartPrintCode(page);
    await page.goto(`/search?person=${family.me!.id}`);
    await page.locator(`[data-node="${family.me!.id}"] image`).waitFor();
    // The print copy's code comes by itself a few seconds after the page opens.
    await printCode;
    // The browser's menu (not the print button, not Ctrl+P): beforeprint, then print media;
    // nothing waits for a fetch. What the print copy shows then, until the photos are in.
    const printedHrefs = async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await page.emulateMedia({ media: 'print' });
      const copy = page.locator('.chart-print-root svg');
      await copy.waitFor();
      const hrefs = await copy
        .locator('image')
        .evaluateAll((images) => images.map((image) => image.getAttribute('href') ?? ''));
      const shown = await copy.isVisible();
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await copy.waitFor({ state: 'detached' });
      return { hrefs, shown };
    };
    await expect
      .poll(async () => (await printedHrefs()).hrefs.every((href) => href.startsWith('data:')), {
        timeout: 10_000,
      })
      .toBe(true);
    const { hrefs, shown } = await printedHrefs();
    expect(shown).toBe(true);
    // The person's own photo among them, a real image, not a blank box.
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^data:image\/\w+;base64,.{40,}/);
    await page.context().close();
  });
});

describe('on a phone and in runes', () => {
  it('fits the charts to 390 px and writes the names in runes', async () => {
    for (const language of ['ky', 'old_ky']) {
      const page = await session.newPage(PHONE);
      await storeLanguage(page, language);
      for (const kind of ['pedigree', 'descendants'] as const) {
        const id = kind === 'pedigree' ? family.me!.id : family.pgf!.id;
        await page.goto(`/persons/${id}/${kind}`);
        await chart(page).waitFor();
        await page.locator('a[data-person]').first().waitFor();
        // The page itself does not scroll sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
        const name = await page.locator('.chart-name').first().textContent();
        expect(/[\u{10C00}-\u{10C4F}]/u.test(name ?? '')).toBe(language === 'old_ky');
        await shot(page, `${kind}-phone-${language}`);
      }
      if (language === 'old_ky') {
        const desktop = await session.newPage(DESKTOP);
        await storeLanguage(desktop, language);
        await desktop.goto(`/persons/${family.me!.id}/pedigree`);
        await desktop.locator('a[data-person]').first().waitFor();
        await shot(desktop, 'pedigree-desktop-old_ky');
        await desktop.goto(`/persons/${family.father!.id}/descendants`);
        await desktop.locator('a[data-person]').first().waitFor();
        await shot(desktop, 'descendants-desktop-old_ky');
      }
    }
  });
});
