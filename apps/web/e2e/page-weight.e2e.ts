import { toRunes } from '@bagysh/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, ignoreOfflineErrors, PHONE, useBrowser } from './support/browser';
import { open, storeLanguage } from './support/shell';

const WEB = join(import.meta.dirname, '..');
const { routes } = JSON.parse(readFileSync(join(WEB, 'scripts', 'page-budgets.json'), 'utf8')) as {
  routes: { path: string; id: string; budgetKB: number; targetKB: number }[];
};
/** What the build says each page needs first (the server preloads it; bundle-size.mjs sums it). */
const firstPaint = JSON.parse(
  readFileSync(join(WEB, 'dist', '.vite', 'first-paint.json'), 'utf8'),
) as { entry: string[]; pages: Record<string, string[]> };

/** Each page's search box: usable means the page is interactive. */
const SEARCH_BOX: Record<string, string> = { home: '#home-search', search: '#sanjyra-search' };
/** A page without a search box: its first control, usable once the page is interactive. */
const FIRST_CONTROL: Record<string, string> = {
  stats: '[data-testid="figure-generations"] button[aria-pressed]',
  // The informants' list: its first heading, there with informants (the demo has two) or none.
  informants: '#informants-list',
};

interface Loaded {
  path: string;
  encoding: string;
  /** Body bytes as they came over the wire (compressed), headers left out. */
  bytes: number;
}

/**
 * Opens a path in a fresh page and lists every JS and CSS file it loaded until it was
 * interactive: its search box (or first control) usable, and the network quiet after the first
 * render.
 */
async function loadScripts(page: Page, path: string, routeId: string): Promise<Loaded[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; encoding: string; headerBytes: number }>();
  const loaded: Loaded[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: String(headers['content-encoding'] ?? 'identity'),
      // At this point the bytes received are the status line and the headers.
      headerBytes: event.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    const { pathname } = new URL(response?.url ?? 'about:blank');
    if (!response || !/\.(js|css)$/.test(pathname)) return;
    const bytes = event.encodedDataLength - response.headerBytes;
    loaded.push({ path: pathname.slice(1), encoding: response.encoding, bytes });
  });
  await page.goto(path);
  const control = FIRST_CONTROL[routeId];
  if (control) {
    await expect.poll(() => page.locator(control).isEnabled(), { timeout: 30_000 }).toBe(true);
  } else {
    const box = page.locator(SEARCH_BOX[routeId] ?? 'input');
    await expect.poll(() => box.isEditable(), { timeout: 30_000 }).toBe(true);
  }
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return loaded;
}

describe('page weight in Chromium, through the real server', () => {
  const session = useBrowser();

  for (const route of routes) {
    it(`loads ${route.path} interactive within ${route.budgetKB} KB of compressed JS and CSS`, async () => {
      const page = await session.newPage();
      const loaded = await loadScripts(page, route.path, route.id);
      const total = loaded.reduce((sum, file) => sum + file.bytes, 0) / 1024;
      console.log(
        `${route.path}: ${loaded.length} JS/CSS files, ${total.toFixed(1)} KB transferred ` +
          `(budget ${route.budgetKB} KB, target ${route.targetKB} KB)`,
      );

      expect(loaded.length).toBeGreaterThan(1);
      // Every file came compressed; a plain one would be several times its size.
      expect(loaded.filter((file) => !['br', 'gzip'].includes(file.encoding))).toEqual([]);
      for (const file of loaded) expect(file.bytes, file.path).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(route.budgetKB);
      // The build's account of the page (what the server preloads and bundle-size.mjs counts)
      // holds every file the browser really needed.
      const expected = new Set([...firstPaint.entry, ...(firstPaint.pages[route.id] ?? [])]);
      expect(loaded.map((file) => file.path).filter((file) => !expected.has(file))).toEqual([]);
    });
  }
});

/** Lists the font files a page requests (their URL paths) from now on. */
function watchFonts(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(woff2?|ttf|otf)$/.test(pathname)) fonts.push(pathname);
  });
  return fonts;
}

const runeFonts = (fonts: string[]) => fonts.filter((font) => font.includes('old-turkic'));

describe('the rune font', () => {
  const session = useBrowser();

  it('is not downloaded by the home page in Cyrillic until runes are shown', async () => {
    // On a phone the posts (whose covers may show runes) are below the hero.
    const page = await session.newPage(PHONE);
    const fonts = watchFonts(page);
    await open(page, '/');
    const cover = page.getByTestId('cover-fallback').first();
    await cover.waitFor();
    expect((await cover.boundingBox())!.y).toBeGreaterThan(PHONE.height);
    await page.waitForLoadState('networkidle');
    expect(fonts.length).toBeGreaterThan(0); // Inter came
    expect(runeFonts(fonts)).toEqual([]);
    // The hero's lettering and the language switch's pill are runes drawn as outlines.
    const hero = page.locator(`svg[data-runes="${toRunes('Санжыра')}"]`);
    expect(await hero.getAttribute('aria-hidden')).toBe('true');
    expect((await hero.boundingBox())?.height).toBeGreaterThan(64);
    expect(await page.getByTestId('language-switch').locator('svg[data-runes]').count()).toBe(1);
    // A post without a cover writes its title in runes once it is seen: then the font comes.
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => runeFonts(fonts).length).toBe(1);
  });

  it('is downloaded at once in runes', async () => {
    const page = await session.newPage(DESKTOP);
    await storeLanguage(page, 'old_ky');
    const fonts = watchFonts(page);
    await open(page, '/');
    await expect.poll(() => runeFonts(fonts).length).toBe(1);
  });
});

describe('the toasts’ code (sonner)', () => {
  const session = useBrowser();
  ignoreOfflineErrors(session);

  it('comes once the page is used, before the connection drops', async () => {
    const page = await session.newPage(DESKTOP);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await open(page, '/search');
    await page.waitForLoadState('networkidle');
    const region = page.locator('section[aria-label^="Билдирүүлөр"]');
    expect(await region.count()).toBe(0);
    const count = scripts.length;
    await page.keyboard.press('Tab');
    await region.waitFor({ state: 'attached' });
    expect(scripts.length).toBeGreaterThan(count);
    await page.context().setOffline(true);
    await expect
      .poll(() => page.locator('[data-sonner-toast]').textContent())
      .toBe('Интернет байланышы жок.');
    await page.context().setOffline(false);
  });

  it('comes by itself a few seconds after the page is open', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, '/');
    await page
      .locator('section[aria-label^="Билдирүүлөр"]')
      .waitFor({ state: 'attached', timeout: 15_000 });
  });
});

describe('forms after a first page without zod (docs/decisions/010)', () => {
  const session = useBrowser();

  it('validates the login form reached from the home page in Kyrgyz', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, '/');
    await page.getByRole('link', { name: 'Кирүү', exact: true }).first().click();
    await page.waitForURL(`${session.baseUrl}/login`);
    await page.getByRole('button', { name: 'Кирүү', exact: true }).click();
    // zod's own message would be English ("Too small: expected string to have >=1 characters").
    await expect
      .poll(() => page.getByText('Милдеттүү талаа.').count(), { timeout: 10_000 })
      .toBe(2);
  });
});
