import { toRunes, type TreeCheckSummary } from '@bagysh/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { screenshots } from './support/shots';
import { open, storeLanguage } from './support/shell';

/**
 * The tree checks page, end to end: a moderator finds a planted son born before his father
 * through the moderation page's count, follows the fix link into the person's editor, saves
 * the right year and sees the item gone; a kind without items shows its empty state; a member
 * is refused; the page reads at 1440 and 390 px in both scripts, axe clean.
 */

/** Set TREE_CHECKS_SHOTS=1 to keep screenshots under /tmp/shots-tree-checks. */
const shot = screenshots(process.env.TREE_CHECKS_SHOTS ? '/tmp/shots-tree-checks' : null);

const session = useBrowser();
let moderator: Auth;
let member: Auth;
let son: { id: number };

async function summary(): Promise<TreeCheckSummary> {
  const response = await fetch(`${inject('baseUrl')}/api/tree-checks/`, {
    headers: { Authorization: `Bearer ${moderator.access}` },
  });
  return (await response.json()) as TreeCheckSummary;
}

beforeAll(async () => {
  [moderator, member] = await Promise.all([
    registerUser({ name: 'checks_moder', role: 'moderator' }),
    registerUser({ name: 'checks_member' }),
  ]);
  const base = inject('baseUrl');
  const father = await postCreated<{ id: number }>(base, moderator.access, 'persons/', {
    name: 'Текшерүү Атасы',
    birth_year: 1990,
  });
  son = await postCreated<{ id: number }>(base, moderator.access, 'persons/', {
    name: 'Текшерүү Уулу',
    father_id: father.id,
    birth_year: 1985,
  });
});

describe('tree checks page', () => {
  it('leads from the moderation count to the item, its editor, and the fix', async () => {
    const before = (await summary()).counts.parent_age;
    expect(before).toBeGreaterThanOrEqual(1);
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/moderation');
    const counts = page.getByTestId('tree-check-counts');
    await counts.waitFor();
    await counts.scrollIntoViewIfNeeded();
    await shot(page, 'moderation-desktop-ky');
    const link = counts.locator('[data-kind="parent_age"]');
    expect(await link.textContent()).toBe(`Ата-эненин жашы (${before})`);
    await link.click();
    await page.waitForURL(/\/tree-checks\?kind=parent_age$/);
    expect(await page.getByTestId('tree-check-tab-parent_age').getAttribute('aria-selected')).toBe(
      'true',
    );
    // The son is the newest person: his item comes last, on the last page of the list.
    const pages = Math.ceil(before / 20);
    if (pages > 1) {
      await page.getByRole('button', { name: `${pages}-барак, баары ${pages}` }).click();
      await page.waitForURL(new RegExp(`/tree-checks\\?kind=parent_age&page=${pages}$`));
    }
    const item = page.locator(`[data-testid="tree-check-item"][data-person="${son.id}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain('5 жыл мурун туулган');

    await item.getByRole('link', { name: 'Оңдоо: «Текшерүү Уулу»' }).click();
    await page.waitForURL(new RegExp(`/persons/${son.id}$`));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('#person-birth_year').fill('2015');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goBack();
    await page.waitForURL(/\/tree-checks\?kind=parent_age/);
    await page.reload();
    await page.getByTestId('tree-check-panel').waitFor();
    await expect.poll(() => item.count()).toBe(0);
    expect((await summary()).counts.parent_age).toBe(before - 1);
    await page.context().close();
  });

  it('shows a kind without items as "Ката табылган жок"', async () => {
    const { counts } = await summary();
    const empty = Object.entries(counts).find(([, count]) => count === 0)?.[0];
    expect(empty).toBeDefined();
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, `/tree-checks?kind=${empty}`);
    const state = page.getByTestId('tree-checks-empty');
    await state.waitFor();
    expect(await state.textContent()).toContain('Ката табылган жок');
    // The tabs answer the keyboard: the arrow moves to the next kind.
    await page.getByTestId(`tree-check-tab-${empty}`).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).not.toContain(`kind=${empty}`);
    await page.context().close();
  });

  it('is refused to a member', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await page.goto('/tree-checks');
    await page.locator('h1').first().waitFor();
    expect(await page.getByTestId('tree-check-panel').count()).toBe(0);
    await page.context().close();
  });

  it('reads at 1440 and 390 px in both scripts, axe clean, without sideways scrolling', async () => {
    // Another item, so that the list is not empty after the first test's fix.
    await postCreated(inject('baseUrl'), moderator.access, 'persons/', {
      name: 'Келечекте туулган',
      birth_year: new Date().getUTCFullYear() + 2,
    });
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      for (const lang of ['ky', 'old_ky']) {
        const page = await session.newPage(viewport);
        await signInAs(page, moderator);
        await storeLanguage(page, lang);
        await open(page, '/tree-checks?kind=future_date');
        if (lang === 'old_ky') {
          await expect.poll(() => page.title()).toBe(toRunes('Текшерүү - Багыш санжырасы'));
        }
        await page.getByTestId('tree-check-item').first().waitFor();
        await shot(page, `tree-checks-${name}-${lang}`);
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
