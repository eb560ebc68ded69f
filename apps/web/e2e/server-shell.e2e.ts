import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { useBrowser } from './support/browser';

/** The widths of the layouts' steps: phone, sm, md (the rail) and lg (the two-row header). */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

/** Where the heading and the text under it start, in px from the top of the window. */
function textTops(page: Page, heading: string, text: string) {
  return page.evaluate(
    (selectors) =>
      selectors.map((selector) =>
        Math.round(document.querySelector(selector)!.getBoundingClientRect().top),
      ),
    [heading, text],
  );
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

describe('the server’s shell, painted before the app’s scripts run (issue 14)', () => {
  const session = useBrowser();

  /** The page of the first published article, or of the first person a guest may see. */
  async function firstOf(path: string): Promise<string> {
    const response = await fetch(`${session.baseUrl}/api/${path}/?page_size=20`);
    const body = (await response.json()) as { results: { id: number; living?: boolean }[] };
    return `/${path}/${body.results.find((item) => !item.living)!.id}`;
  }

  it.each([
    // The home hero: heading and lead, where the app draws them over its search box and buttons.
    { path: '/', text: 'p' },
    // A list page: the heading under the header (two rows from 1280 px) and the page's padding.
    { path: '/news', text: 'h1' },
    // An article: the heading under its section's link, and its lead under the date line.
    { path: 'person-articles', text: 'p' },
    // A person: the heading in the person's header.
    { path: 'persons', text: 'h1' },
  ])('puts the heading of $path where the app draws it, at every width', async ({ path, text }) => {
    const url = path.startsWith('/') ? path : await firstOf(path);
    for (const viewport of VIEWPORTS) {
      const shell = await session.newPage(viewport, { javaScript: false });
      await shell.goto(url);
      const shellTops = await textTops(shell, '.ssr-h', text === 'p' ? '.ssr-h ~ p' : '.ssr-h');

      const app = await session.newPage(viewport);
      await app.goto(url);
      await app.locator('h1').waitFor();
      // Once the page has settled: its fonts in, its reads drawn (the heading may come first).
      await vi.waitFor(
        async () => {
          const appTops = await textTops(app, 'h1', text === 'p' ? 'main h1 ~ p' : 'main h1');
          for (const [index, top] of shellTops.entries()) {
            expect(
              Math.abs(top - appTops[index]!),
              `${url} at ${viewport.width} px: shell ${shellTops.join('/')}, app ${appTops.join('/')}`,
            ).toBeLessThanOrEqual(2);
          }
        },
        { timeout: 5000, interval: 100 },
      );
    }
  });

  // The swap from the shell to the app changes no colour on the landing: the shell's hero ends
  // where the app's does, painted alike, with the figures band's colour and height under it.
  it('paints the home hero and the band under it as the app does, at every width', async () => {
    for (const viewport of VIEWPORTS) {
      const shell = await session.newPage(viewport, { javaScript: false });
      await shell.goto('/');
      const shellHero = await heroEdges(shell, '.ssr-h');

      const app = await session.newPage(viewport);
      await app.goto('/');
      await app.locator('h1').waitFor();
      // The band comes with the sections' chunk, once the page has settled.
      await vi.waitFor(
        async () => {
          const appHero = await heroEdges(app, 'main h1');
          const at = `/ at ${viewport.width} px: shell ${JSON.stringify(shellHero)}, app ${JSON.stringify(appHero)}`;
          expect(appHero, at).toBeDefined();
          expect(shellHero, at).toMatchObject({
            background: appHero!.background,
            below: appHero!.below,
          });
          for (const edge of ['bottom', 'belowBottom'] as const) {
            expect(Math.abs(shellHero![edge]! - appHero![edge]!), at).toBeLessThanOrEqual(1);
          }
        },
        { timeout: 5000, interval: 100 },
      );
    }
  });
});
