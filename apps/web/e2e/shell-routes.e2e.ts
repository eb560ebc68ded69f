import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, pagesByVisitor, useBrowser } from './support/browser';
import { toRunes } from '@bagysh/shared';
import { open, signIn, SITE_NAME, storeLanguage } from './support/shell';

/** docs/product.md, Routes: every route, its title and who may open it. */
const ROUTES: {
  path: string;
  title: string;
  access: 'public' | 'login' | 'guest';
  /** A view page of a demo item (`:id` is filled in): its tab title is the item's title. */
  view?: 'person-articles' | 'news';
}[] = [
  { path: '/', title: 'Башкы бет', access: 'public' },
  { path: '/search', title: 'Санжыра', access: 'public' },
  { path: '/comparison', title: 'Салыштыруу', access: 'public' },
  { path: '/person-articles', title: 'Багыш мыктылары', access: 'public' },
  { path: '/person-articles/add', title: 'Макала кошуу', access: 'login' },
  { path: '/person-articles/:id', title: '', access: 'public', view: 'person-articles' },
  {
    path: '/person-articles/edit/:id',
    title: 'Макаланы түзөтүү',
    access: 'login',
    view: 'person-articles',
  },
  { path: '/polls', title: 'Сурамжылоо', access: 'login' },
  { path: '/files', title: 'Файлдар', access: 'login' },
  { path: '/categories', title: 'Категориялар', access: 'login' },
  { path: '/persons', title: 'Инсандар', access: 'public' },
  { path: '/about', title: 'Багыш уруусу', access: 'public' },
  { path: '/founders', title: 'Негиздөөчүлөр', access: 'public' },
  { path: '/news', title: 'Жаңылыктар', access: 'public' },
  { path: '/news/:id', title: '', access: 'public', view: 'news' },
  { path: '/contacts', title: 'Байланыш', access: 'public' },
  { path: '/login', title: 'Кирүү', access: 'guest' },
  { path: '/profile', title: 'Профиль', access: 'login' },
  { path: '/users', title: 'Колдонуучулар', access: 'login' },
];

/** Fills each view route with the newest published demo item of its kind and its title. */
beforeAll(async () => {
  for (const kind of ['person-articles', 'news'] as const) {
    const response = await fetch(`${inject('baseUrl')}/api/${kind}/?page_size=1`);
    const { results } = (await response.json()) as { results: { id: number; title: string }[] };
    const item = results[0];
    if (!item) throw new Error(`the demo data has no ${kind}`);
    for (const route of ROUTES.filter((r) => r.view === kind)) {
      route.path = route.path.replace(':id', String(item.id));
      route.title ||= item.title;
    }
  }
});

describe('routes and titles (docs/product.md, Routes)', () => {
  const session = useBrowser();

  it("gives every route the tab title '{title} - {site name}', with no console error", async () => {
    const pageOf = pagesByVisitor(session);
    for (const route of ROUTES) {
      const member = route.access === 'login';
      const page = await pageOf(member ? 'member' : 'guest', member ? signIn : undefined);
      const response = await open(page, route.path);
      expect(response?.status(), route.path).toBe(200);
      await expect
        .poll(() => page.title(), { message: route.path })
        .toBe(`${route.title} - ${SITE_NAME}`);
    }
  });

  it('shows every page, heading and tab title, in runes when lang is old_ky', async () => {
    const pageOf = pagesByVisitor(session);
    for (const route of ROUTES.filter((r) => !r.view)) {
      const visitor = route.access === 'login' ? 'member' : 'guest';
      const page = await pageOf(visitor, async (page) => {
        if (visitor === 'member') await signIn(page);
        await storeLanguage(page, 'old_ky');
      });
      await open(page, route.path);
      await expect
        .poll(() => page.title(), { message: route.path })
        .toBe(toRunes(`${route.title} - ${SITE_NAME}`));
      const heading = page.locator('h1 bdi[dir="rtl"]');
      expect(await heading.count(), route.path).toBe(1);
    }
  });

  it('pre-renders each route’s title into index.html, before any script runs', async () => {
    // View pages are left out: the server gives a shared article or news link its own title.
    const pages = ROUTES.filter((route) => !route.view);
    for (const route of [...pages, { path: '/no/such/page', title: 'Табылган жок' }]) {
      const html = await (await fetch(`${session.baseUrl}${route.path}`)).text();
      expect(html, route.path).toContain(`<title>${route.title} - ${SITE_NAME}</title>`);
    }
  });

  it('shows the error page, in Kyrgyz and inside the default layout, for an unknown path', async () => {
    const page = await session.newPage();
    await open(page, '/no/such/page');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Табылган жок');
    expect(await page.title()).toBe(`Табылган жок - ${SITE_NAME}`);
    expect(await page.locator('[data-layout="default"]').count()).toBe(1);
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.locator('footer').count()).toBe(1);
    await page.getByRole('link', { name: 'Башкы бетке кайтуу' }).click();
    await page.waitForURL(`${session.baseUrl}/`);
    await expect.poll(() => page.title()).toBe(`Башкы бет - ${SITE_NAME}`);
    // The server answered the unknown path with 404 (Chromium logs it); nothing else failed.
    const errors = session.consoleErrors.splice(0);
    expect(errors.every((error) => error.includes('404'))).toBe(true);
  });

  it('moves between pages without reloading, and updates the title', async () => {
    const page = await session.newPage();
    await open(page, '/search');
    await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
    await page.getByTestId('header-nav').getByRole('link', { name: 'Инсандар' }).click();
    await page.waitForURL(/\/persons$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Инсандар');
    expect(await page.title()).toBe(`Инсандар - ${SITE_NAME}`);
    expect(await page.evaluate(() => 'e2eMarker' in window)).toBe(true);
  });
});

describe('layouts (docs/product.md, Layouts)', () => {
  const session = useBrowser();

  for (const viewport of [DESKTOP, PHONE]) {
    it(`landing, default and blank at ${viewport.width} px`, async () => {
      const page = await session.newPage(viewport);

      await open(page, '/');
      const header = page.locator('header');
      expect(await page.locator('[data-layout="landing"]').count()).toBe(1);
      // Transparent, and over the content: the hero starts at the top of the page.
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgba(0, 0, 0, 0)',
      );
      expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
      const heroTop = await page.locator('main').evaluate((el) => el.getBoundingClientRect().top);
      expect(heroTop).toBe(0);
      // The same footer as the default layout (issue "Trust and polish", item 12).
      expect(await page.locator('footer').textContent()).toBe(`Маалымдама${SITE_NAME} © 2024`);

      await open(page, '/search');
      expect(await page.locator('[data-layout="default"]').count()).toBe(1);
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
        'rgba(0, 0, 0, 0)',
      );
      const mainTop = await page.locator('main').evaluate((el) => el.getBoundingClientRect().top);
      const headerBottom = await header.evaluate((el) => el.getBoundingClientRect().bottom);
      expect(mainTop).toBeGreaterThanOrEqual(headerBottom);
      expect(await page.locator('footer').textContent()).toBe(`Маалымдама${SITE_NAME} © 2024`);
      // The theme's orange (docs/product.md, Theme) darkened for text: 5.4:1 on the page
      // background.
      const siteName = header.getByRole('link', { name: SITE_NAME });
      expect(await siteName.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(191, 54, 12)');

      await open(page, '/login');
      expect(await page.locator('[data-layout="blank"]').count()).toBe(1);
      expect(await page.locator('header').count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
      expect(await page.locator('h1').textContent()).toBe('Кирүү');
    });
  }
});

describe('route guard (docs/product.md, Route guard)', () => {
  const session = useBrowser();

  it('sends a guest from every login-only page to /, which says why and offers a sign-in', async () => {
    const page = await session.newPage();
    for (const route of ROUTES.filter((r) => r.access === 'login')) {
      await page.goto(route.path);
      await page.waitForURL(`${session.baseUrl}/`);
      await expect.poll(() => page.title()).toBe(`Башкы бет - ${SITE_NAME}`);
      const notice = page.getByTestId('guard-notice');
      await notice.getByText('Бул баракты көрүү үчүн сайтка кириңиз.').waitFor();
      expect(await notice.getByRole('link', { name: 'Кирүү' }).getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(route.path)}`,
      );
    }
    // The notice is the home page's answer to the guard, not part of home: gone once left.
    // (Back would return to the login-only page asked for, and the guard would answer again.)
    await page.getByRole('link', { name: 'Санжыра', exact: true }).first().click();
    await page.waitForURL(`${session.baseUrl}/search`);
    await page.getByRole('link', { name: 'Башкы бет', exact: true }).first().click();
    await page.waitForURL(`${session.baseUrl}/`);
    await page.locator('[data-layout="landing"] h1').waitFor();
    expect(await page.getByTestId('guard-notice').count()).toBe(0);
  });

  it('sends a signed-in visitor from /login to /', async () => {
    const page = await session.newPage();
    await signIn(page);
    await page.goto('/login');
    await page.waitForURL(`${session.baseUrl}/`);
    await page.locator('[data-layout="landing"] h1').waitFor();
    expect(await page.locator('[data-layout="blank"]').count()).toBe(0);
  });
});

describe('assets', () => {
  const session = useBrowser();

  it('loads everything, fonts included, from the site itself', async () => {
    const page = await session.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(session.baseUrl)) foreign.push(request.url());
    });
    await open(page, '/search');
    await page.evaluate(() => document.fonts.ready);
    expect(foreign).toEqual([]);
    const faces = await page.evaluate(() =>
      [...document.fonts].map((face) => ({
        family: face.family.replace(/"/g, ''),
        weight: face.weight,
        status: face.status,
      })),
    );
    const inter = faces.filter((face) => face.family === 'Inter');
    expect(new Set(inter.map((face) => face.weight))).toEqual(
      new Set(['300', '400', '500', '600', '700', '800', '900']),
    );
    // The page's Cyrillic text is drawn in Inter, regular and bold.
    const loaded = new Set(inter.filter((f) => f.status === 'loaded').map((f) => f.weight));
    expect(loaded.has('400') && loaded.has('700')).toBe(true);
    expect(faces.some((face) => face.family === 'Noto Sans Old Turkic')).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Noto Sans Old Turkic", Inter/,
    );
  });
});
