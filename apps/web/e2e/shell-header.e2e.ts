import { toRunes } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { registerUser, signInAs } from './support/accounts';
import { open, signIn, SITE_NAME, storeLanguage } from './support/shell';

const GUEST_NAV = [
  'Башкы бет',
  'Багыш уруусу',
  'Багыш мыктылары',
  'Инсандар',
  'Санжыра',
  'Салыштыруу',
  'Жаңылыктар',
  'Байланыш',
  'Негиздөөчүлөр',
];
const SIGNED_IN_NAV = [
  ...GUEST_NAV,
  'Жүктөлгөн файлдар',
  'Сурамжылоо',
  'Категориялар',
  'Колдонуучулар',
];

describe('header and navigation (docs/product.md, Header and navigation)', () => {
  const session = useBrowser();

  it('shows a guest the public items in order, a login button and the avatar to /login', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, '/search');
    const nav = page.getByTestId('header-nav');
    expect(await nav.getByRole('link').allTextContents()).toEqual(GUEST_NAV);
    expect(
      await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual([
      '/',
      '/about',
      '/person-articles',
      '/persons',
      '/search',
      '/comparison',
      '/news',
      '/contacts',
      '/founders',
    ]);
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: SITE_NAME }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'Кирүү', exact: true }).count()).toBe(2); // button + avatar
    const avatar = page.getByTestId('profile-avatar');
    expect(await avatar.getAttribute('href')).toBe('/login');
    expect(
      await page.getByTestId('online-dot').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(76, 175, 80)');
    expect(await page.getByRole('button', { name: 'Меню' }).count()).toBe(0);
  });

  it('shows a signed-in user all twelve items, the user menu and the avatar to /profile', async () => {
    const page = await session.newPage(DESKTOP);
    await signIn(page, { username: 'Асан' });
    await open(page, '/search');
    expect(await page.getByTestId('header-nav').getByRole('link').allTextContents()).toEqual(
      SIGNED_IN_NAV,
    );
    expect(await page.getByTestId('profile-avatar').getAttribute('href')).toBe('/profile');
    expect(await page.locator('header').getByRole('link', { name: 'Кирүү' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Асан' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Профиль',
      'Билдирүүлөр',
      'Менин сунуштарым',
      'Чыгуу',
    ]);
    await menu.getByRole('menuitem', { name: 'Профиль' }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Профиль');
    // Back returns to the page before, not to the menu's own history entry.
    await page.goBack();
    await page.waitForURL(/\/search$/);
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('opens the user menu even when clicked while the first page still loads', async () => {
    // The shell fallback draws the header before the page's script arrives; a click on it
    // must not be lost when the page's layout replaces it. Five fresh loads, clicked at once.
    for (let attempt = 0; attempt < 5; attempt++) {
      const page = await session.newPage(DESKTOP);
      await signIn(page, { username: 'Асан' });
      await page.goto('/persons');
      await page.locator('button[aria-haspopup="menu"]', { hasText: 'Асан' }).click();
      await page.getByRole('menuitem', { name: 'Профиль' }).waitFor({ timeout: 5000 });
      await page.close();
    }
  });

  it('marks the current page in the menu', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, '/comparison');
    const current = page.getByTestId('header-nav').locator('[aria-current="page"]');
    expect(await current.allTextContents()).toEqual(['Салыштыруу']);
  });
});

describe('the header of moderators and admins', () => {
  const session = useBrowser();

  it('keeps one line at 1440 and 1280 px, the management pages in one keyboard menu', async () => {
    const moderator = await registerUser({ name: 'nav_moder', role: 'moderator' });
    for (const viewport of [DESKTOP, { width: 1280, height: 800 }]) {
      for (const lang of ['ky', 'old_ky']) {
        const page = await session.newPage(viewport);
        await signInAs(page, moderator);
        await storeLanguage(page, lang);
        await open(page, '/search');
        const nav = page.getByTestId('header-nav');
        // The menu button's code loads for staff only, after the links.
        await page.getByTestId('header-manage').waitFor();
        const items = nav.locator(':scope > a, :scope > button');
        expect(await items.count()).toBe(12); // eleven links and the menu button
        // One line: a second one would be a whole line (30 px) lower.
        const middles = await items.evaluateAll((all) =>
          all.map((item) => {
            const box = item.getBoundingClientRect();
            return box.top + box.height / 2;
          }),
        );
        expect(
          Math.max(...middles) - Math.min(...middles),
          `${viewport.width} px, ${lang}`,
        ).toBeLessThan(4);
        expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        if (lang === 'ky') {
          expect(await nav.getByRole('link').allTextContents()).toEqual([
            ...GUEST_NAV,
            'Жүктөлгөн файлдар',
            'Сурамжылоо',
          ]);
        }
        await page.close();
      }
    }

    // The keyboard: Enter opens the menu on its first item, arrows move, Esc closes it back to
    // the button, and Enter on an item opens its page, marked in the menu and on the button.
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/search');
    await page.getByTestId('header-nav').getByRole('button', { name: 'Башкаруу' }).waitFor();
    // (While the menu is open the page behind it is aria-hidden: the button is found by its id.)
    const button = page.getByTestId('header-manage');
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Категориялар',
      'Колдонуучулар',
      'GEDCOM',
      'Кайталанган инсандар',
      'Текшерүү',
    ]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Категориялар');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/gedcom$/);
    await expect.poll(() => button.getAttribute('data-current')).toBe('true');
    await button.click();
    expect(await menu.locator('[aria-current="page"]').allTextContents()).toEqual(['GEDCOM']);
  });

  it('leaves a member’s header as it was: every link, no management menu', async () => {
    const page = await session.newPage(DESKTOP);
    await signIn(page, { username: 'Асан' });
    await open(page, '/search');
    const nav = page.getByTestId('header-nav');
    await nav.locator('a').first().waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(SIGNED_IN_NAV);
    expect(await page.getByTestId('header-manage').count()).toBe(0);
  });
});

describe('drawer below lg (1280 px)', () => {
  const session = useBrowser();

  for (const width of [PHONE.width, 1279]) {
    it(`collapses the menu into a drawer at ${width} px`, async () => {
      const page = await session.newPage({ width, height: 844 });
      await open(page, '/search');
      expect(await page.getByTestId('header-nav').count()).toBe(0);
      await page.getByRole('button', { name: 'Меню' }).click();
      const drawer = page.getByTestId('nav-drawer');
      await drawer.waitFor();
      // Right-hand, 256 px wide (once it has slid in).
      await expect
        .poll(async () => {
          const box = await drawer.boundingBox();
          return box && [Math.round(box.x + box.width), box.width];
        })
        .toEqual([width, 256]);
      expect(await drawer.getByRole('link', { name: 'Кирүү' }).getAttribute('href')).toBe('/login');
      expect(await drawer.getByRole('navigation').getByRole('link').allTextContents()).toEqual(
        GUEST_NAV,
      );

      await drawer.getByRole('link', { name: 'Жаңылыктар' }).click();
      await page.waitForURL(/\/news$/);
      await expect.poll(() => drawer.isVisible()).toBe(false);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Жаңылыктар');
      // Back goes straight to the page before.
      await page.goBack();
      await page.waitForURL(/\/search$/);
    });
  }

  it('shows a signed-in user the user menu and every item in the drawer', async () => {
    const page = await session.newPage(PHONE);
    await signIn(page, { username: 'Асан' });
    await open(page, '/search');
    await page.getByRole('button', { name: 'Меню' }).click();
    const drawer = page.getByTestId('nav-drawer');
    await drawer.waitFor();
    expect(await drawer.getByText('Асан').count()).toBe(1);
    expect(await drawer.getByRole('link', { name: 'Профиль' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(await drawer.getByRole('button', { name: 'Чыгуу' }).count()).toBe(1);
    expect(await drawer.getByRole('link', { name: 'Кирүү' }).count()).toBe(0);
    expect(await drawer.getByRole('navigation').getByRole('link').allTextContents()).toEqual(
      SIGNED_IN_NAV,
    );
  });

  it('has no menu button and no drawer from 1280 px up, and closes it when the window grows', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await open(page, '/search');
    expect(await page.getByRole('button', { name: 'Меню' }).count()).toBe(0);
    expect(await page.getByTestId('header-nav').getByRole('link').count()).toBe(9);

    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByTestId('nav-drawer').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByTestId('nav-drawer').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Меню' }).count()).toBe(0);
  });
});

describe('navigation rail (docs/product.md, Breakpoints and sizes: width 56)', () => {
  const session = useBrowser();

  it('shows the items as a 56 px icon rail between 960 and 1279 px, and leads to the pages', async () => {
    const page = await session.newPage({ width: 1100, height: 900 });
    await signIn(page, { username: 'Асан' });
    await open(page, '/search');
    const rail = page.getByTestId('nav-rail');
    await rail.waitFor();
    expect(Math.round((await rail.boundingBox())?.width ?? 0)).toBe(56);
    const links = rail.getByRole('link');
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))).toEqual(
      SIGNED_IN_NAV,
    );
    expect(await rail.getByRole('link', { name: 'Санжыра' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The menu button and its drawer stay, as everywhere below lg.
    expect(await page.getByRole('button', { name: 'Меню' }).count()).toBe(1);

    await rail.getByRole('link', { name: 'Салыштыруу' }).hover();
    await page.getByRole('tooltip').getByText('Салыштыруу').waitFor();
    await rail.getByRole('link', { name: 'Салыштыруу' }).click();
    await page.waitForURL(/\/comparison$/);
    await page.getByRole('heading', { name: 'Салыштыруу', level: 1 }).waitFor();

    // Keyboard: the rail's links are in the tab order.
    await rail.getByRole('link', { name: 'Инсандар' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/persons$/);
  });

  it('has no rail on phones and from 1280 px up, and none on the landing page', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 900 }, DESKTOP]) {
      const page = await session.newPage(viewport);
      await open(page, '/persons');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('nav-rail').count(), `${viewport.width} px`).toBe(0);
    }
    const page = await session.newPage({ width: 1100, height: 900 });
    await open(page, '/');
    expect(await page.getByTestId('nav-rail').count()).toBe(0);
    await open(page, '/news');
    await page.getByTestId('nav-rail').waitFor();
    expect(await page.getByTestId('nav-rail').getByRole('link').count()).toBe(9);
  });
});

describe('languages and runes (docs/product.md, Languages)', () => {
  const session = useBrowser();

  for (const viewport of [DESKTOP, PHONE]) {
    it(`switches the header to runes and keeps the choice over a reload (${viewport.width} px)`, async () => {
      const page = await session.newPage(viewport);
      await open(page, '/search');
      const siteName = page.locator('header').getByRole('link', { name: SITE_NAME });
      expect(await siteName.textContent()).toBe(SITE_NAME);
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');

      await page.getByRole('button', { name: 'Байыркы түрк жазуусу' }).click();
      await expect.poll(() => siteName.textContent()).toBe(toRunes(SITE_NAME));
      const bdi = siteName.locator('bdi');
      expect(await bdi.getAttribute('dir')).toBe('rtl');
      expect(await bdi.getAttribute('lang')).toBe('ky-Orkh');
      // The link keeps its Cyrillic name for screen readers; the page stays ltr.
      expect(await siteName.getAttribute('aria-label')).toBe(SITE_NAME);
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
      expect(await page.locator('h1').textContent()).toBe(toRunes('Санжыра'));
      expect(await page.title()).toBe(toRunes(`Санжыра - ${SITE_NAME}`));
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('old_ky');
      expect(
        await page
          .getByRole('button', { name: 'Байыркы түрк жазуусу' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      if (viewport === DESKTOP) {
        const items = await page.getByTestId('header-nav').getByRole('link').allTextContents();
        expect(items).toEqual(GUEST_NAV.map((label) => toRunes(label)));
      }

      await page.reload();
      await page.locator('h1').waitFor();
      await expect.poll(() => siteName.textContent()).toBe(toRunes(SITE_NAME));
      expect(await page.locator('footer').textContent()).toBe(
        toRunes(`Маалымдама${SITE_NAME} © 2024`),
      );
      // The rune font is bundled and used.
      await page.evaluate(() => document.fonts.ready);
      expect(
        await page.evaluate(() =>
          [...document.fonts].some(
            (face) =>
              face.family.replace(/"/g, '') === 'Noto Sans Old Turkic' && face.status === 'loaded',
          ),
        ),
      ).toBe(true);

      await page.getByRole('button', { name: 'Кирилл жазуусу' }).click();
      await expect.poll(() => siteName.textContent()).toBe(SITE_NAME);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ky');
    });
  }

  it('switches without reloading the page', async () => {
    const page = await session.newPage();
    await open(page, '/persons');
    await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
    await page.getByRole('button', { name: 'Байыркы түрк жазуусу' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(toRunes('Инсандар'));
    expect(await page.evaluate(() => 'e2eMarker' in window)).toBe(true);
  });

  it.each(['en', 'OLD_KY', '{"lang":"old_ky"}', ''])(
    'falls back to ky for lang=%j',
    async (value) => {
      const page = await session.newPage();
      await storeLanguage(page, value);
      await open(page, '/search');
      expect(await page.locator('h1').textContent()).toBe('Санжыра');
      expect(await page.title()).toBe(`Санжыра - ${SITE_NAME}`);
      expect(
        await page.getByRole('button', { name: 'Кирилл жазуусу' }).getAttribute('aria-pressed'),
      ).toBe('true');
    },
  );

  it('starts in runes when lang=old_ky is stored', async () => {
    const page = await session.newPage();
    await storeLanguage(page, 'old_ky');
    await open(page, '/');
    await expect.poll(() => page.locator('h1').textContent()).toBe(toRunes(SITE_NAME));
  });
});
