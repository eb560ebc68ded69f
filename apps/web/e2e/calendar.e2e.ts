import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GREGORIAN_MONTHS, toRunes } from '@bagysh/shared';
import { seriousViolations } from './support/axe';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, FLOW_COMBOS, useBrowser, whereOf } from './support/browser';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Эскерүү күндөрү (/calendar) as a visitor meets it: this month's anniversaries of the
 * departed, never a living person; the months before and after; a branch from the tree page;
 * a member's memorial days and secret feed link, which a calendar app can read. At 1440 and
 * 390 px in both scripts, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);

const shown = (text: string, lang: string) => (lang === 'old_ky' ? toRunes(text) : text);

const today = new Date();
const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
const gedcom = (date: Date, year = date.getFullYear()) =>
  `${date.getDate()} ${GREGORIAN_MONTHS[date.getMonth()]} ${year}`;

// Tests share one server: names of their own.
const suffix = Math.random().toString(36).slice(2, 6);
const ELDER = `Эскерилүүчү ${suffix}`;
const SON = `Уулу ${suffix}`;
const LIVING = `Тирүүсү ${suffix}`;
const RECENT = `Жакындагы ${suffix}`;

let admin: Auth;
let elderId: number;
let sonId: number;
let livingId: number;

async function axeClean(page: Page, lang: string, name: string) {
  expect(await seriousViolations(page, lang === 'old_ky'), name).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${name}: nothing runs off the side`,
  ).toBe(true);
}

describe('Эскерүү күндөрү', () => {
  const session = useBrowser();

  beforeAll(async () => {
    admin = await loginAdmin();
    const day = today.getDate();
    const elder = await postCreated<{ id: number }>(session.baseUrl, admin.access, 'persons/', {
      name: ELDER,
      sex: 'M',
      birth_year: 1880,
      birth_date: gedcom(today, 1880),
      death_year: 1950,
      death_date: `${day === 1 ? 2 : 1} ${GREGORIAN_MONTHS[today.getMonth()]} 1950`,
    });
    elderId = elder.id;
    const son = await postCreated<{ id: number }>(session.baseUrl, admin.access, 'persons/', {
      name: SON,
      sex: 'M',
      father_id: elderId,
      birth_year: 1910,
      birth_date: gedcom(today, 1910),
      death_year: 1990,
      death_date: gedcom(today, 1990),
    });
    sonId = son.id;
    livingId = (
      await postCreated<{ id: number }>(session.baseUrl, admin.access, 'persons/', {
        name: LIVING,
        sex: 'M',
        father_id: sonId,
        birth_year: 1960,
        birth_date: gedcom(today, 1960),
        is_living: true,
      })
    ).id;
    const died = new Date(today.getTime() - 2 * 86_400_000);
    await postCreated(session.baseUrl, admin.access, 'persons/', {
      name: RECENT,
      sex: 'M',
      father_id: sonId,
      birth_year: 1940,
      birth_date: '1 JAN 1940',
      death_year: died.getFullYear(),
      death_date: gedcom(died),
    });
  });

  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = whereOf(viewport, lang);
    it(`shows this month's anniversaries, never the living, and moves by month (${where})`, async () => {
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await open(page, '/calendar');
      await expect
        .poll(() => page.locator('h1').textContent())
        .toBe(shown('Эскерүү күндөрү', lang));
      const month = page.getByTestId('calendar-month');
      expect(await month.getAttribute('data-month')).toBe(thisMonth);
      const events = page.getByTestId('calendar-event');
      await events.first().waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain(shown(ELDER, lang));
      expect(text).toContain(shown(SON, lang));
      expect(text).not.toContain(shown(LIVING, lang));
      // A guest gets no memorial days, and no secret link.
      expect(await page.locator('[data-kind^="day"]').count()).toBe(0);
      expect(await page.getByTestId('calendar-personal-feed').count()).toBe(0);
      await page.getByTestId('calendar-public-feed').waitFor();
      await shot(page, `calendar-${where}`);
      await axeClean(page, lang, 'calendar');

      await page.getByTestId('calendar-next').click();
      await expect.poll(() => month.getAttribute('data-month')).not.toBe(thisMonth);
      expect(page.url()).toContain('month=');
      await page.getByTestId('calendar-previous').click();
      await page.getByTestId('calendar-previous').click();
      await expect.poll(() => month.getAttribute('data-month')).not.toBe(thisMonth);
      await page.getByRole('button', { name: 'Ушул ай' }).click();
      await expect.poll(() => month.getAttribute('data-month')).toBe(thisMonth);

      // A month with nothing to remember says so.
      // (The branch of a living person, who is never in the calendar and has no descendants.)
      await open(page, `/calendar?month=1801-01&branch=${livingId}`);
      await page.getByTestId('calendar-empty').waitFor();
      await axeClean(page, lang, 'calendar (empty)');
    });
  }

  it('narrows to the branch in view on the tree page', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, `/search?person=${sonId}`);
    await page.getByTestId('tree-calendar-link').click();
    await page.waitForURL(`${session.baseUrl}/calendar?branch=${sonId}`);
    await page.getByTestId('calendar-branch').getByText(SON, { exact: false }).waitFor();
    await page.getByTestId('calendar-event').first().waitFor();
    const text = (await page.locator('main ul').first().textContent()) ?? '';
    expect(text).toContain(SON);
    expect(text).not.toContain(ELDER);
    await page.getByRole('button', { name: 'Бутакты алып салуу' }).click();
    await page.waitForURL(`${session.baseUrl}/calendar`);
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '')
      .toContain(ELDER);
  });

  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = whereOf(viewport, lang);
    it(`gives a member the memorial days and a secret feed link (${where})`, async () => {
      const member = await registerUser({ name: `cal${suffix}` });
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await signInAs(page, member);
      await open(page, '/calendar');
      await page.getByTestId('calendar-memorial-note').waitFor();
      await page.getByRole('button', { name: 'Жеке шилтеме алуу' }).click();
      const field = page.getByTestId('calendar-personal-feed');
      await field.waitFor();
      const url = await field.inputValue();
      expect(url).toMatch(/\/api\/calendar\.ics\?token=[\w-]{40,}$/);
      const feed = await fetch(url);
      expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const body = await feed.text();
      expect(body).toContain('BEGIN:VCALENDAR');
      expect(body).toContain(`${RECENT}: Кырк`);
      expect(body).not.toContain(LIVING);
      await shot(page, `calendar-member-${where}`);
      await axeClean(page, lang, 'calendar (member)');

      // A new link revokes the old one.
      await page.getByRole('button', { name: 'Жаңы шилтеме алуу' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Жаңы шилтеме алуу' }).click();
      await expect.poll(() => field.inputValue()).not.toBe(url);
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(await field.inputValue())).status).toBe(200);
    });
  }
});
