import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { registerUser, signInAs } from './accounts';

export const SITE_NAME = 'Багыш санжырасы';

/**
 * A signed-in visitor: a real member registered through the API (a unique username
 * starting with `username`), with the session a login leaves in localStorage.
 */
export async function signIn(page: Page, { username = 'Асан' }: { username?: string } = {}) {
  await signInAs(page, await registerUser({ name: username }));
}

/** Puts a value under localStorage `lang` before the site starts (once, not on every load). */
export async function storeLanguage(page: Page, value: string) {
  await page.addInitScript((lang) => {
    if (!sessionStorage.getItem('e2e-lang-set')) {
      localStorage.setItem('lang', lang);
      sessionStorage.setItem('e2e-lang-set', '1');
    }
  }, value);
}

/** Opens a path and waits for the page's heading (the app has rendered the route). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('h1').first().waitFor();
  return response;
}

/** The history entries count and the current state, to see overlays' Back entries. */
export function historyInfo(page: Page) {
  return page.evaluate(() => ({ length: history.length, state: history.state as unknown }));
}

/** The built file of the charts' print copy, which a page loads once used or after 5 s. */
const CHART_PRINT_FILE = (
  JSON.parse(
    readFileSync(new URL('../../dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>
)['src/lib/svg-chart/chart-print.tsx']!.file;

/** Resolves when the page has fetched the print copy's code (call before `goto`). */
export function chartPrintCode(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith(`/${CHART_PRINT_FILE}`));
}
