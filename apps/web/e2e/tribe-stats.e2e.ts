import { toRunes, type TribeStats } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { screenshots } from './support/shots';
import { open, storeLanguage } from './support/shell';

/**
 * The statistics page of the tribe, end to end: reached from the home and tree pages; a guest
 * sees the charts with the note on living persons, a member without it; each chart's table
 * view opens from the keyboard; the page reads at 1440 and 390 px in both scripts, axe clean,
 * without sideways scrolling.
 */

/** Set TRIBE_STATS_SHOTS=1 to keep screenshots under /tmp/shots-tribe-stats. */
const shot = screenshots(process.env.TRIBE_STATS_SHOTS ? '/tmp/shots-tribe-stats' : null);

const session = useBrowser();
let member: Auth;

async function guestStats(): Promise<TribeStats> {
  return (await (await fetch(`${inject('baseUrl')}/api/stats/tribe/`)).json()) as TribeStats;
}

/** Waits for the charts (recharts' lazy chunk) to be drawn. */
async function chartsDrawn(page: Page) {
  await page
    .getByTestId('generations-chart')
    .locator('svg .recharts-bar-rectangle')
    .first()
    .waitFor();
}

beforeAll(async () => {
  member = await registerUser({ name: 'stats_member' });
  const moderator = await registerUser({ name: 'stats_moder', role: 'moderator' });
  // A living person, so that a guest's figures have someone to leave out.
  await postCreated(inject('baseUrl'), moderator.access, 'persons/', {
    name: 'Статистика Тирүү',
    birth_year: 2001,
    is_living: true,
  });
});

describe('statistics page of the tribe', () => {
  it('is linked from the home page and the tree page', async () => {
    const page = await session.newPage(DESKTOP);
    await open(page, '/');
    // On the line of the figures band's heading, under the hero.
    const link = page.getByTestId('home-stats-link');
    await link.scrollIntoViewIfNeeded();
    await shot(page, 'home-desktop-ky');
    await link.click();
    await page.waitForURL(/\/stats$/);
    await page.locator('h1', { hasText: 'Статистика' }).waitFor();
    await open(page, '/search');
    await page.getByTestId('stats-link').click();
    await page.waitForURL(/\/stats$/);
    await page.context().close();
  });

  it('shows a guest the figures with the note on living persons, a member without it', async () => {
    const stats = await guestStats();
    expect(stats.excludes_living).toBe(true);
    const page = await session.newPage(DESKTOP);
    await open(page, '/stats');
    await chartsDrawn(page);
    expect(await page.getByTestId('tribe-stats-total').textContent()).toBe(
      `Бардыгы ${stats.persons} инсан`,
    );
    await page.getByTestId('tribe-stats-guest-note').waitFor();
    // Every figure of the answer has its chart; the names' axis shows the top name.
    for (const id of ['generations', 'clans', 'births', 'lifespans', 'children']) {
      await page.getByTestId(`figure-${id}`).waitFor();
    }
    const topName = stats.names.male[0]?.name;
    if (topName) {
      expect(await page.getByTestId('names-male-chart').textContent()).toContain(topName);
    }
    await page.context().close();

    const signed = await session.newPage(DESKTOP);
    await signInAs(signed, member);
    await open(signed, '/stats');
    await chartsDrawn(signed);
    expect(await signed.getByTestId('tribe-stats-guest-note').count()).toBe(0);
    await signed.context().close();
  });

  it('opens each chart as a table from the keyboard', async () => {
    const stats = await guestStats();
    const page = await session.newPage(DESKTOP);
    await open(page, '/stats');
    await chartsDrawn(page);
    const toggle = page.getByTestId('figure-generations').getByRole('button', { name: 'Таблица' });
    // Tab from the top of the page until the first figure's toggle has the focus.
    await page.locator('h1').first().click();
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await toggle.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const table = page.getByTestId('generations-table');
    await table.waitFor();
    // The table's region takes the focus next (it scrolls on a phone), and lists every cell.
    await page.keyboard.press('Tab');
    expect(await table.evaluate((element) => element === document.activeElement)).toBe(true);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(stats.generations.length);
    const first = stats.generations[0]!;
    expect(await rows.first().locator('td').textContent()).toBe(
      first.count === null ? '5тен аз' : String(first.count),
    );
    await shot(page, 'stats-table-desktop-ky');
    expect(await seriousViolations(page, false)).toEqual([]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('generations-chart').waitFor();
    await page.context().close();
  });

  it('reads at 1440 and 390 px in both scripts, axe clean, without sideways scrolling', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      for (const lang of ['ky', 'old_ky']) {
        const page = await session.newPage(viewport);
        await storeLanguage(page, lang);
        await open(page, '/stats');
        await chartsDrawn(page);
        if (lang === 'old_ky') {
          await expect.poll(() => page.title()).toBe(toRunes('Статистика - Багыш санжырасы'));
          // The charts' labels are converted too.
          expect(await page.getByTestId('generations-chart').textContent()).toContain(
            toRunes('-муун'),
          );
        }
        await shot(page, `stats-${name}-${lang}`);
        expect(await seriousViolations(page, lang === 'old_ky'), `${name} ${lang}`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} ${lang}`,
        ).toBeLessThanOrEqual(viewport.width);
        await page.context().close();
      }
    }
  });
});
