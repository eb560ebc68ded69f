import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, headlessShellPath } from './chromium';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The four ways a page is looked at: desktop and phone, in Cyrillic and in runes. */
export const SCREEN_COMBOS = [
  [DESKTOP, 'ky'],
  [PHONE, 'old_ky'],
  [PHONE, 'ky'],
  [DESKTOP, 'old_ky'],
] as const;

/**
 * A flow (sign-ins, proposals, downloads, dialogs) walked once at each width and once in each
 * script: desktop in Cyrillic, the phone in runes. The other two pairings repeated the same
 * requests and clicks; layouts keep all four where a test's point is how a page fits.
 */
export const FLOW_COMBOS = [SCREEN_COMBOS[0], SCREEN_COMBOS[1]] as const;

/** `desktop-ky`, `phone-old_ky`…: a combo's name in screenshots and messages. */
export const whereOf = (viewport: typeof DESKTOP, lang: string) =>
  `${viewport === DESKTOP ? 'desktop' : 'phone'}-${lang}`;

export interface BrowserSession {
  baseUrl: string;
  /**
   * A new page in a fresh context (empty localStorage); console errors are collected.
   * `javaScript: false` shows what the server sends before the app runs.
   */
  newPage(
    viewport?: { width: number; height: number },
    options?: { javaScript?: boolean },
  ): Promise<Page>;
  /** Console errors and page errors seen since the current test started. */
  consoleErrors: string[];
}

/**
 * One Chromium per test file: the headless shell, or with `pdfViewer` the full browser, whose
 * PDF viewer a preview of a PDF shows; `args` adds switches for this file's browser alone (the
 * recorder's fake microphone). Every test fails if a page it opened logged a console error or
 * threw an uncaught exception.
 */
export function useBrowser({
  pdfViewer = false,
  args = [],
}: { pdfViewer?: boolean; args?: string[] } = {}): BrowserSession {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const session: BrowserSession = {
    baseUrl: inject('baseUrl'),
    consoleErrors: [],
    async newPage(viewport = DESKTOP, { javaScript = true } = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: session.baseUrl,
        locale: 'ky-KG',
        javaScriptEnabled: javaScript,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') session.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => session.consoleErrors.push(error.message));
      return page;
    },
  };

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: pdfViewer ? chromiumPath() : headlessShellPath(),
      args: [...CHROMIUM_ARGS, ...args],
    });
  });
  afterEach(async () => {
    const errors = session.consoleErrors.splice(0);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(errors, 'console errors in the page').toEqual([]);
  });
  afterAll(async () => {
    await browser.close();
  });
  return session;
}

/**
 * For tests that cut the connection on purpose: offline, the browser reports each request it
 * cannot make (fonts, a chunk it loads while idle) as a console error. Those are dropped after
 * each test; any other error still fails it. Call after `useBrowser()` in the same describe
 * (after-hooks run last first, so this one runs before the check).
 */
export function ignoreOfflineErrors(session: BrowserSession): void {
  afterEach(() => {
    const rest = session.consoleErrors.filter(
      (error) => !error.includes('ERR_INTERNET_DISCONNECTED'),
    );
    session.consoleErrors.splice(0, session.consoleErrors.length, ...rest);
  });
}

/**
 * Drops the browser's console line for each response of `status` the test caused on purpose (a
 * refused login, a page that does not exist, a refused write); any other console error still
 * fails the test.
 */
export function forgetRefusals(session: BrowserSession, status: number): void {
  const line = `the server responded with a status of ${status} `;
  const rest = session.consoleErrors.filter((error) => !error.includes(line));
  session.consoleErrors.splice(0, session.consoleErrors.length, ...rest);
}

/**
 * One page per visitor within a test, going from route to route with a warm cache as a visitor
 * does (a fresh context per route fetched the whole app again each time): `pageOf(visitor,
 * setUp)` answers the visitor's page, made and set up (signed in, a language stored) the first
 * time it is asked for.
 */
export function pagesByVisitor(session: BrowserSession, viewport = DESKTOP) {
  const pages = new Map<string, Page>();
  return async function pageOf(visitor: string, setUp?: (page: Page) => Promise<void>) {
    let page = pages.get(visitor);
    if (!page) {
      page = await session.newPage(viewport);
      await setUp?.(page);
      pages.set(visitor, page);
    }
    return page;
  };
}
