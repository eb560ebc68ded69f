import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { forgetRefusals, pagesByVisitor, useBrowser } from './support/browser';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { open, signIn, storeLanguage } from './support/shell';

/** Issue "Trust and polish of today's pages", item 9: every page passes axe-core. */

/** The routes of docs/product.md, Routes; `:article` and `:news` are filled with demo items. */
const ROUTES: { path: string; login?: boolean; moderator?: boolean; admin?: boolean }[] = [
  { path: '/' },
  { path: '/search' },
  { path: '/search?person=1' },
  { path: '/comparison?a=9&b=12' },
  // The charts of a demo person.
  { path: '/persons/9/pedigree' },
  { path: '/persons/2/descendants' },
  { path: '/persons/9/fan' },
  { path: '/person-articles' },
  { path: '/person-articles/add', login: true },
  { path: '/person-articles/:article' },
  { path: '/polls', login: true },
  { path: '/files', login: true },
  { path: '/categories', login: true },
  { path: '/persons' },
  { path: '/about' },
  { path: '/founders' },
  { path: '/news' },
  { path: '/news/:news' },
  { path: '/contacts' },
  { path: '/login' },
  { path: '/profile', login: true },
  { path: '/users', login: true },
  { path: '/no-such-page' },
  // Beyond the original 19 routes: the moderators' queue, with a member's article waiting.
  { path: '/moderation', moderator: true },
  { path: '/persons/duplicates', moderator: true },
  { path: '/contributions', login: true },
  // The help page, the account-link pages (a reset link's form, a confirmation link without
  // its token) and the admins' outbox.
  { path: '/reference' },
  { path: '/password/reset' },
  { path: `/password/reset/confirm#token=${'a'.repeat(43)}` },
  { path: '/email/confirm' },
  { path: '/mail/outbox', admin: true },
  { path: '/notices', login: true },
  { path: '/notices/unsubscribe' },
  // The tribe's statistics, in charts.
  { path: '/stats' },
  { path: '/calendar' },
  // The informants: the demonstration data's two, the persons they told of and their conflict.
  { path: '/informants' },
];

beforeAll(async () => {
  for (const [kind, slot] of [
    ['person-articles', ':article'],
    ['news', ':news'],
  ] as const) {
    const response = await fetch(`${inject('baseUrl')}/api/${kind}/?page_size=1`);
    const { results } = (await response.json()) as { results: { id: number }[] };
    for (const route of ROUTES) route.path = route.path.replace(slot, String(results[0]?.id));
  }
});

/** A moderator, with a member's article in the queue so that the page shows a card. */
async function moderatorWithWork(): Promise<Auth> {
  const member = await registerUser({ name: 'axe_writer' });
  const response = await fetch(`${inject('baseUrl')}/api/person-articles/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.access}` },
    body: JSON.stringify({ title: 'Текшерүүнү күткөн макала', lead: 'Кыскача' }),
  });
  expect(response.status).toBe(201);
  return registerUser({ name: 'axe_moderator', role: 'moderator' });
}

type Visitor = 'guest' | 'member' | 'moderator' | 'admin';
const visitorOf = (route: { login?: boolean; moderator?: boolean; admin?: boolean }): Visitor =>
  route.admin ? 'admin' : route.moderator ? 'moderator' : route.login ? 'member' : 'guest';

/** Signs a page in as the visitor (a moderator with a member's article waiting). */
async function signInAsVisitor(page: Page, visitor: Visitor) {
  if (visitor === 'member') await signIn(page);
  if (visitor === 'moderator') await signInAs(page, await moderatorWithWork());
  if (visitor === 'admin') await signInAs(page, await loginAdmin());
}

describe('accessibility (item 9)', () => {
  const session = useBrowser();

  for (const lang of ['ky', 'old_ky']) {
    it(`has no serious or critical axe finding on any page (${lang})`, async () => {
      const pageOf = pagesByVisitor(session);
      const found: string[] = [];
      for (const route of ROUTES) {
        const page = await pageOf(visitorOf(route), async (page) => {
          await signInAsVisitor(page, visitorOf(route));
          await storeLanguage(page, lang);
        });
        await open(page, route.path);
        // Let lists and pictures settle: axe reads colours as they are painted.
        await page.waitForLoadState('networkidle');
        for (const line of await seriousViolations(page, lang === 'old_ky'))
          found.push(`${route.path} ${line}`);
      }
      forgetRefusals(session, 404);
      expect(found).toEqual([]);
      // Every route in one test, each fully loaded and read by axe.
    }, 240_000);
  }

  // A slow network shows these states for seconds; a loaded test machine once caught one
  // (the files page's skeleton labelled without a role), so each is held open and read here.
  it('has no serious or critical axe finding while pages wait for their data', async () => {
    const pageOf = pagesByVisitor(session);
    const found: string[] = [];
    for (const route of LOADING_ROUTES) {
      const page = await pageOf(visitorOf(route), async (page) => {
        await signInAsVisitor(page, visitorOf(route));
        // The data never comes; the session (who is signed in) does.
        await page.route(/\/api\/(?!user\/|token\/)/, () => undefined);
      });
      await page.goto(route.path);
      await page.locator(route.loading).first().waitFor();
      for (const line of await seriousViolations(page, false)) found.push(`${route.path} ${line}`);
    }
    expect(found).toEqual([]);
  }, 120_000);
});

/** Pages with a loading state of their own, and the element that shows it. */
const LOADING_ROUTES: { path: string; loading: string; login?: boolean; moderator?: boolean }[] = [
  { path: '/files', loading: '[aria-busy="true"]', login: true },
  { path: '/persons', loading: '[aria-busy="true"]' },
  { path: '/persons/9', loading: '[aria-busy="true"]' },
  { path: '/search?person=1', loading: '[data-testid="tree-loading"]' },
  { path: '/comparison?a=9&b=12', loading: '.MuiSkeleton-root' },
  { path: '/persons/9/pedigree', loading: '.MuiSkeleton-root' },
  { path: '/moderation', loading: '.MuiSkeleton-root', moderator: true },
  { path: '/news', loading: '[aria-busy="true"]' },
];
