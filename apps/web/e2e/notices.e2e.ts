import type { NoticeSettings, Person } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Notices (docs/features.md, Notices): a moderator accepts a member's proposal with a comment;
 * the member sees the badge in the user menu and the notice on /notices, marks it read; follows
 * a branch from a person's page; switches a kind's mail off on the profile. At 1440 and 390 px,
 * in Cyrillic and in runes, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const COMMENT = 'Рахмат, булагы туура экен.';
let moderator: Auth;
let member: Auth;
let person: Person;

async function call(method: string, path: string, access: string, body?: unknown) {
  const response = await fetch(`${inject('baseUrl')}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  moderator = await registerUser({ name: 'notice_moder', role: 'moderator' });
  member = await registerUser({ name: 'notice_member', fullName: 'Айгүл Асанова' });
  const base = inject('baseUrl');
  person = await postCreated<Person>(base, moderator.access, 'persons/', {
    name: 'Көкөтөй',
    sex: 'M',
    birth_year: 1800,
  });
  const proposed = await call('PATCH', `persons/${person.id}/`, member.access, {
    version: person.version,
    biography: 'Көкөтөйдүн ашы 1842-жылы берилген.',
  });
  expect(proposed.status).toBe(202);
  const accepted = await call(
    'POST',
    `revisions/${String(proposed.body.id)}/accept/`,
    moderator.access,
    {
      comment: COMMENT,
    },
  );
  expect(accepted.status).toBe(200);
}, 60_000);

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('notices', () => {
  const session = useBrowser();

  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ['ky', 'old_ky'] as const) {
      it(`the member sees the badge and the accepted proposal with the comment at ${viewport.width} px in ${lang}`, async () => {
        const page = await session.newPage(viewport);
        await storeLanguage(page, lang);
        await signInAs(page, member);
        await open(page, '/persons');
        const badge = page.getByTestId('notices-badge');
        await badge.waitFor();
        expect(await badge.textContent()).toBe('1');
        await shot(page, `notices-badge-${viewport.width}-${lang}`);

        await open(page, '/notices');
        const notice = page.getByTestId('notice').first();
        await notice.waitFor();
        expect(await notice.getAttribute('data-read')).toBe('false');
        if (lang === 'ky') {
          expect(await notice.getByTestId('notice-comment').textContent()).toBe(COMMENT);
          expect(await notice.textContent()).toContain('Сунушуңуз кабыл алынды: инсан оңдоо');
        } else {
          await expect.poll(() => notice.locator('bdi[lang="ky-Orkh"]').count()).toBeGreaterThan(1);
        }
        await noOverflow(page);
        expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
        await shot(page, `notices-list-${viewport.width}-${lang}`);
      });
    }
  }

  it('the user menu leads to the notices; marking read takes the badge away', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await open(page, '/persons');
    await page.getByTestId('notices-badge').waitFor();
    await page.getByRole('button', { name: /Айгүл Асанова/ }).click();
    await page.getByRole('menuitem', { name: /Билдирүүлөр/ }).click();
    await page.waitForURL(/\/notices$/);
    await page.getByTestId('notice-mark-read').click();
    await expect
      .poll(() => page.getByTestId('notice').first().getAttribute('data-read'))
      .toBe('true');
    await page.getByTestId('notices-badge').waitFor({ state: 'detached' });
    expect(await page.getByTestId('notices-read-all').isDisabled()).toBe(true);
  });

  it('a member without notices sees the empty state', async () => {
    const fresh = await registerUser({ name: 'notice_empty' });
    const page = await session.newPage(PHONE);
    await signInAs(page, fresh);
    await open(page, '/notices');
    await page.getByTestId('notices-empty').waitFor();
    expect(await page.getByTestId('notices-badge').count()).toBe(0);
    expect(await seriousViolations(page, false)).toEqual([]);
    await shot(page, 'notices-empty-390-ky');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`"Көз салуу" on a person's page follows the branch and stops at ${viewport.width} px`, async () => {
      const page = await session.newPage(viewport);
      await signInAs(page, member);
      await open(page, `/persons/${person.id}`);
      const button = page.getByTestId('follow-button');
      await expect.poll(() => button.getAttribute('data-scope')).toBe('none');
      await button.click();
      await page.getByTestId('follow-branch').click();
      await expect.poll(() => button.getAttribute('data-scope')).toBe('branch');
      const state = await call('GET', `persons/${person.id}/follow/`, member.access);
      expect(state.body).toEqual({ scope: 'branch' });
      await noOverflow(page);
      expect(await seriousViolations(page, false)).toEqual([]);
      await shot(page, `notices-follow-${viewport.width}-ky`);
      await button.click();
      await page.getByTestId('follow-stop').click();
      await expect.poll(() => button.getAttribute('data-scope')).toBe('none');
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ['ky', 'old_ky'] as const) {
      it(`the profile switches a kind's mail off and on at ${viewport.width} px in ${lang}`, async () => {
        const page = await session.newPage(viewport);
        await signInAs(page, member);
        await storeLanguage(page, lang);
        await open(page, '/profile');
        const section = page.getByTestId('notice-settings');
        await section.waitFor();
        const reviews = section.locator('[data-testid="notice-switch-reviews"] input');
        await expect.poll(() => reviews.isChecked()).toBe(true);
        // A member is offered no moderators' digest.
        expect(await section.getByTestId('notice-switch-moderation').count()).toBe(0);
        await reviews.click();
        await expect
          .poll(async () => {
            const settings = await call('GET', 'notices/settings/', member.access);
            return (settings.body as unknown as NoticeSettings).mail.reviews;
          })
          .toBe(false);
        await noOverflow(page);
        expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
        await section.scrollIntoViewIfNeeded();
        await shot(page, `notices-profile-${viewport.width}-${lang}`);
        await reviews.click();
        await expect.poll(() => reviews.isChecked()).toBe(true);
        await expect.poll(() => reviews.isEnabled()).toBe(true);
      });
    }
  }

  it('the unsubscribe page without a token says what to do, without signing in', async () => {
    const page = await session.newPage(PHONE);
    await open(page, '/notices/unsubscribe');
    await page.getByRole('alert').waitFor();
    expect(await seriousViolations(page, false)).toEqual([]);
    await shot(page, 'notices-unsubscribe-390-ky');
  });
});
