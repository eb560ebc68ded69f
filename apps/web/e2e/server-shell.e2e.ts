import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAdmin, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { useBrowser } from './support/browser';
import { solidPng } from './support/images';

/** The widths of the layouts' steps: phone, sm, md (the rail) and lg (the two-row header). */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

/**
 * Where the heading and the text under it are, in px from the window's top left corner, and
 * their words: the top and left of each box, and the right edge its lines wrap at. That is the box's own right edge,
 * or, for a heading sized to its text (the app's, in a flex row beside an admin's edit button or
 * a person's citation marks), its row's content edge: the text's width depends on the font, which
 * differs (the shell has the system's), the width it may fill does not.
 */
function placement(page: Page, heading: string, text: string) {
  return page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const element = document.querySelector(selector)!;
        const box = element.getBoundingClientRect();
        const row = element.parentElement!;
        const style = getComputedStyle(row);
        const inRow = style.display.endsWith('flex') && style.flexDirection.startsWith('row');
        const right = inRow
          ? row.getBoundingClientRect().right -
            parseFloat(style.paddingRight) -
            parseFloat(style.borderRightWidth)
          : box.right;
        return { top: box.top, left: box.left, right, text: element.textContent };
      }),
    [heading, text],
  );
}

/**
 * The box of a person's photo or of its placeholder: where it is, how big, and what it shows
 * (an image's URL as written, or none for the placeholder).
 */
function photoBox(page: Page, selector: string) {
  return page.evaluate((photo) => {
    const element = document.querySelector(photo);
    if (!element) return undefined;
    const { top, left, width, height } = element.getBoundingClientRect();
    return { top, left, width, height, src: element.getAttribute('src') };
  }, selector);
}

/**
 * The hero under a heading (its first ancestor with a background image): where it ends, what
 * it is painted with, and the colour and lower edge of the box painted under it (the app's
 * figures band) at the window's left edge.
 */
function heroEdges(page: Page, heading: string) {
  return page.evaluate((selector) => {
    const transparent = 'rgba(0, 0, 0, 0)';
    let hero = document.querySelector(selector);
    while (hero && getComputedStyle(hero).backgroundImage === 'none') hero = hero.parentElement;
    if (!hero) return undefined;
    const { bottom } = hero.getBoundingClientRect();
    let below = document.elementFromPoint(8, bottom + 1);
    while (below && getComputedStyle(below).backgroundColor === transparent) {
      below = below.parentElement;
    }
    return {
      bottom,
      background: getComputedStyle(hero).backgroundImage,
      below: below && getComputedStyle(below).backgroundColor,
      belowBottom: below?.getBoundingClientRect().bottom,
    };
  }, heading);
}

describe('the server’s shell, painted before the app’s scripts run', () => {
  const session = useBrowser();

  /**
   * The id of the first published article or news item with a lead (the text under its heading;
   * other e2e files add items without one), or of the first person a guest may see.
   */
  async function firstId(list: string): Promise<number> {
    const response = await fetch(`${session.baseUrl}/api/${list}/?page_size=20`);
    const body = (await response.json()) as {
      results: { id: number; living?: boolean; lead?: string }[];
    };
    return body.results.find((item) => !item.living && item.lead !== '')!.id;
  }

  /**
   * Loads `url` at each width of VIEWPORTS twice, as the server sends it (JavaScript off) and as
   * the app draws it, and runs `compare` on the two, again and again until the app has settled
   * (its fonts in, its reads drawn; on a busy machine, after a fresh build, that takes seconds).
   * One page of each kind is loaded anew at each width: a visitor's load, from a warm cache.
   */
  async function atEveryWidth(
    url: string,
    compare: (shell: Page, app: Page, at: string) => Promise<void>,
  ): Promise<void> {
    const shell = await session.newPage(VIEWPORTS[0], { javaScript: false });
    const app = await session.newPage(VIEWPORTS[0]);
    for (const viewport of VIEWPORTS) {
      await Promise.all([shell.setViewportSize(viewport), app.setViewportSize(viewport)]);
      await Promise.all([shell.goto(url), app.goto(url)]);
      await app.locator('main h1').waitFor();
      const at = `${url} at ${viewport.width} px`;
      await vi.waitFor(() => compare(shell, app, at), { timeout: 15_000, interval: 100 });
    }
  }

  /** A public PNG of `width` × `height` px, uploaded as on the Files page; its id. */
  async function uploadPublicImage(admin: Auth, width: number, height: number): Promise<number> {
    const form = new FormData();
    form.append('visibility', 'public');
    form.append(
      'file',
      new Blob([new Uint8Array(solidPng(width, height, [200, 120, 40]))], { type: 'image/png' }),
      `shell-${randomBytes(3).toString('hex')}.png`,
    );
    const response = await fetch(`${session.baseUrl}/api/files/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`upload: ${response.status}`);
    return ((await response.json()) as { id: number }).id;
  }

  it.each([
    // The home hero: heading and lead, where the app draws them over its search box and buttons.
    { path: '/', text: 'p', sameWords: true },
    // A list page: the heading under the header (two rows from 1280 px) and the page's padding,
    // in the widest column, right of the side rail between 960 and 1280 px.
    { path: '/news', text: 'h1' },
    { path: '/persons', text: 'h1' },
    { path: '/person-articles', text: 'h1' },
    { path: '/comparison', text: 'h1' },
    { path: '/calendar', text: 'h1' },
    // The tree: in the same column, its intro line close under the heading, as wide as the column.
    { path: '/search', text: 'p', sameWords: true },
    // A page of its own, in the narrower column, its heading in a row with an admin's button.
    { path: '/about', text: 'h1' },
    { path: '/founders', text: 'h1' },
    { path: '/contacts', text: 'h1' },
    // The statistics: a list page's column, its heading over the charts.
    { path: '/stats', text: 'h1' },
    // An article and a news item: the heading under the section's link, the lead under the date.
    { path: '/person-articles/:id', text: 'p' },
    { path: '/news/:id', text: 'p' },
    // A person: the heading in the person's header, right of the photo.
    { path: '/persons/:id', text: 'h1' },
    // A chart: the heading and the line under it over the full-width chart.
    { path: '/persons/:id/pedigree', text: 'p' },
    { path: '/persons/:id/descendants', text: 'p' },
    { path: '/persons/:id/fan', text: 'p' },
  ])(
    'puts the heading of $path where the app draws it, at every width',
    async ({
      path,
      text,
      sameWords,
    }: {
      path: string;
      text: string;
      // The text under the heading is the app's own (not the page's description): the same words.
      sameWords?: boolean;
    }) => {
      const url = path.includes(':id')
        ? path.replace(':id', String(await firstId(path.split('/')[1]!)))
        : path;
      const under = text === 'p';
      await atEveryWidth(url, async (shell, app, where) => {
        const inShell = await placement(shell, '.ssr-h', under ? '.ssr-h ~ p' : '.ssr-h');
        const inApp = await placement(app, 'main h1', under ? 'main h1 ~ p' : 'main h1');
        const at = `${where}: shell ${JSON.stringify(inShell)}, app ${JSON.stringify(inApp)}`;
        // The same words in the heading (a person's name in a chart's), so it wraps alike.
        expect(inShell[0]!.text, at).toBe(inApp[0]!.text);
        if (sameWords) expect(inShell[1]!.text, at).toBe(inApp[1]!.text);
        for (const [index, box] of inShell.entries()) {
          const other = inApp[index]!;
          expect(Math.abs(box.top - other.top), at).toBeLessThanOrEqual(2);
          expect(Math.abs(box.left - other.left), at).toBeLessThanOrEqual(1);
          expect(Math.abs(box.right - other.right), at).toBeLessThanOrEqual(1);
        }
      });
    },
  );

  describe('a person’s photo', () => {
    const tag = randomBytes(3).toString('hex');
    let admin: Auth;
    /** Person ids by what the app shows a guest in the photo's box. */
    const ids = { chosen: 0, linked: 0, none: 0, living: 0 };

    const person = async (body: Record<string, unknown>) =>
      (await postCreated<{ id: number }>(session.baseUrl, admin.access, 'persons/', body)).id;

    beforeAll(async () => {
      admin = await loginAdmin();
      const photo = await uploadPublicImage(admin, 8, 8);
      const dead = { birth_year: 1850, death_year: 1910 };
      ids.chosen = await person({ name: `Сүрөттүү ${tag}`, ...dead, photo_file_id: photo });
      // No chosen photo: the first public image linked to the person (its thumbnail).
      ids.linked = await person({
        name: `Сүрөтү тиркелген ${tag}`,
        ...dead,
        media: [{ file_id: photo, title: `Сүрөт ${tag}` }],
      });
      ids.none = await person({ name: `Сүрөтсүз ${tag}`, ...dead });
      // Living: a guest sees the name and father line only, not the photo. A photo of their
      // own: one shared with the dead would become members-only for them too.
      ids.living = await person({
        name: `Тирүү ${tag}`,
        birth_year: 2000,
        photo_file_id: await uploadPublicImage(admin, 8, 8),
      });
    });

    // The shell shows the photo (by the app's own URL, which the browser then has) or the
    // placeholder in the box where the app draws it, and a living person's only as the app
    // shows it a guest: the placeholder, the file named nowhere in the page.
    it.each([
      { kind: 'chosen', shows: 'the chosen photo' },
      { kind: 'linked', shows: 'the linked image’s thumbnail' },
      { kind: 'none', shows: 'the placeholder' },
      { kind: 'living', shows: 'a living person the placeholder' },
    ] as const)('shows $shows in the app’s photo box, at every width', async ({ kind }) => {
      const url = `/persons/${ids[kind]}`;
      const html = await (await fetch(`${session.baseUrl}${url}`)).text();
      expect(html.includes('/api/files/'), url).toBe(kind === 'chosen' || kind === 'linked');
      await atEveryWidth(url, async (shell, app, where) => {
        const inShell = await photoBox(shell, '.ssr-photo');
        const inApp = await photoBox(
          app,
          'main [data-testid="person-photo"], main [data-testid="person-photo-placeholder"]',
        );
        const at = `${where}: shell ${JSON.stringify(inShell)}, app ${JSON.stringify(inApp)}`;
        expect(inShell, at).toBeDefined();
        expect(inApp, at).toBeDefined();
        expect(inShell!.src, at).toBe(inApp!.src);
        expect(inApp!.src === null, at).toBe(kind === 'none' || kind === 'living');
        for (const edge of ['top', 'left', 'width', 'height'] as const) {
          expect(Math.abs(inShell![edge] - inApp![edge]), at).toBeLessThanOrEqual(1);
        }
      });
    });
  });

  // An article about a person, with a cover: the shell reserves the person's line and the
  // cover's box (from the image's size), so the lead under them does not move at the swap.
  it('puts an article’s cover and lead where the app draws them, at every width', async () => {
    const admin = await loginAdmin();
    const tag = randomBytes(3).toString('hex');
    const cover = await uploadPublicImage(admin, 1200, 675);
    const person = await postCreated<{ id: number }>(session.baseUrl, admin.access, 'persons/', {
      name: `Мукабалуу ${tag}`,
      birth_year: 1850,
      death_year: 1910,
    });
    const article = await postCreated<{ id: number }>(
      session.baseUrl,
      admin.access,
      'person-articles/',
      {
        title: `Мукабалуу макала ${tag}`,
        lead: 'Макаланын кыскача мазмуну, мукабанын астында.',
        person_id: person.id,
        cover_file_id: cover,
        status: 'published',
      },
    );
    await atEveryWidth(`/person-articles/${article.id}`, async (shell, app, where) => {
      const [inShell, inApp] = await Promise.all([
        photoBox(shell, '.ssr-cover'),
        photoBox(app, 'main article > img'),
      ]);
      const [shellLead, appLead] = await Promise.all([
        placement(shell, '.ssr-h', '.ssr-h ~ p'),
        placement(app, 'main h1', 'main h1 ~ p'),
      ]);
      const at = `${where}: shell ${JSON.stringify([inShell, shellLead])}, app ${JSON.stringify([inApp, appLead])}`;
      expect(inShell?.src, at).toBe(`/api/files/${cover}/download/`);
      expect(inApp?.src, at).toBe(inShell!.src);
      for (const edge of ['top', 'left', 'width', 'height'] as const) {
        expect(Math.abs(inShell![edge] - inApp![edge]), at).toBeLessThanOrEqual(2);
      }
      expect(Math.abs(shellLead[1]!.top - appLead[1]!.top), at).toBeLessThanOrEqual(2);
    });
  });

  // The swap from the shell to the app changes no colour on the landing: the shell's hero ends
  // where the app's does, painted alike, with the figures band's colour and height under it.
  it('paints the home hero and the band under it as the app does, at every width', async () => {
    // The band comes with the sections' chunk, once the page has settled.
    await atEveryWidth('/', async (shell, app, where) => {
      const [shellHero, appHero] = await Promise.all([
        heroEdges(shell, '.ssr-h'),
        heroEdges(app, 'main h1'),
      ]);
      const at = `${where}: shell ${JSON.stringify(shellHero)}, app ${JSON.stringify(appHero)}`;
      expect(appHero, at).toBeDefined();
      expect(shellHero, at).toMatchObject({
        background: appHero!.background,
        below: appHero!.below,
      });
      for (const edge of ['bottom', 'belowBottom'] as const) {
        expect(Math.abs(shellHero![edge]! - appHero![edge]!), at).toBeLessThanOrEqual(1);
      }
    });
  });
});
