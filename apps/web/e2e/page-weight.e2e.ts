import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, useBrowser } from './support/browser';
import { open } from './support/shell';

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

interface Loaded {
  path: string;
  encoding: string;
  /** Body bytes as they came over the wire (compressed), headers left out. */
  bytes: number;
}

/**
 * Opens a path in a fresh page and lists every JS and CSS file it loaded until it was
 * interactive: its search box usable, and the network quiet after the first render.
 */
async function loadScripts(page: Page, path: string, searchBox: string): Promise<Loaded[]> {
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
  const box = page.locator(searchBox);
  await expect.poll(() => box.isEditable(), { timeout: 30_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return loaded;
}

describe('page weight in Chromium, through the real server', () => {
  const session = useBrowser();

  for (const route of routes) {
    it(`loads ${route.path} interactive within ${route.budgetKB} KB of compressed JS and CSS`, async () => {
      const page = await session.newPage();
      const loaded = await loadScripts(page, route.path, SEARCH_BOX[route.id] ?? 'input');
      const total = loaded.reduce((sum, file) => sum + file.bytes, 0) / 1024;
      console.log(
        `${route.path}: ${loaded.length} JS/CSS files, ${total.toFixed(1)} KB transferred ` +
          `(budget ${route.budgetKB} KB, issue 14's target ${route.targetKB} KB)`,
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
