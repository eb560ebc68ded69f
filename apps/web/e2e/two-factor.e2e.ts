import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { E2E_PASSWORD, registerUser, signInAs } from './support/accounts';
import { DESKTOP, FLOW_COMBOS, forgetRefusals, useBrowser } from './support/browser';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Two-factor sign-in: turned on from /profile (the code computed here from the secret the page
 * shows), the recovery codes shown once; then, signed out, a sign-in with a code of the app and
 * another with a recovery code. On a desktop and a phone, in Cyrillic and in runes, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);

const codeOf = (secret: string) => generate({ secret });

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The login page's password step; the code step comes next. */
async function passwordStep(page: Page, username: string) {
  await open(page, '/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(E2E_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('two-factor-code').waitFor();
}

describe('two-factor sign-in', () => {
  const session = useBrowser();

  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = `${viewport === DESKTOP ? 'desktop' : 'phone'}-${lang}`;
    const runes = lang === 'old_ky';

    it(`set-up on /profile, then sign-ins with a code and a recovery code (${where})`, async () => {
      const member = await registerUser({ name: 'twofa' });
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await signInAs(page, member);
      await page.goto('/profile');
      await page.getByTestId('two-factor-state').waitFor({ timeout: 60_000 });

      // Turn on: the QR code, the secret and the URI as text.
      await page.getByRole('button', { name: 'Күйгүзүү', exact: true }).click();
      await page.getByTestId('two-factor-setup').waitFor();
      const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await page.getByRole('img', { name: /QR/ }).count()).toBe(1);
      await noOverflow(page);
      expect(await seriousViolations(page, runes)).toEqual([]);
      await shot(page, `two-factor-setup-${where}`);

      // A malformed code is refused in Kyrgyz before any call.
      const enableForm = page.getByTestId('two-factor-enable');
      await enableForm.locator('input[name="code"]').fill('12');
      await enableForm.locator('button[type="submit"]').click();
      await enableForm.locator('.Mui-error').first().waitFor();
      if (!runes) expect(await enableForm.textContent()).toContain('Код 6 сандан турушу керек.');

      await enableForm.locator('input[name="code"]').fill(await codeOf(secret));
      await enableForm.locator('button[type="submit"]').click();
      // The codes, or (to say why not) an error of the form.
      await page
        .getByTestId('recovery-codes')
        .or(enableForm.locator('.Mui-error, [role="alert"]'))
        .first()
        .waitFor()
        .catch(async (error: unknown) => {
          await shot(page, `two-factor-enable-failed-${where}`);
          throw error;
        });
      expect(await enableForm.locator('.Mui-error, [role="alert"]').allTextContents()).toEqual([]);
      const codes = await page.getByTestId('recovery-code').allTextContents();
      expect(codes).toHaveLength(10);
      await noOverflow(page);
      expect(await seriousViolations(page, runes)).toEqual([]);
      await shot(page, `two-factor-recovery-codes-${where}`);
      await page.getByRole('button', { name: 'Сактап алдым' }).click();
      await page.getByRole('button', { name: 'Өчүрүү', exact: true }).waitFor();
      await page.context().close();

      // Signed out (a browser without the session): the password, then a code of the app.
      const second = await session.newPage(viewport);
      await storeLanguage(second, lang);
      await passwordStep(second, member.user.username);
      await noOverflow(second);
      expect(await seriousViolations(second, runes)).toEqual([]);
      await shot(second, `two-factor-login-code-${where}`);
      // A wrong code: the API's message, and the form stays.
      const wrong = (Number(await codeOf(secret)) + 1) % 1_000_000;
      await second.getByTestId('two-factor-code').fill(String(wrong).padStart(6, '0'));
      await second.locator('form button[type="submit"]').click();
      await second.getByRole('alert').waitFor();
      if (!runes) expect(await second.getByRole('alert').textContent()).toContain('Код туура эмес');
      await second.getByTestId('two-factor-code').fill(await codeOf(secret));
      await second.locator('form button[type="submit"]').click();
      await second.waitForURL(`${session.baseUrl}/`);
      const stored = await second.evaluate(() => localStorage.getItem('access-token'));
      expect(stored).toContain('access');
      await second.context().close();

      // Again, with a recovery code through the link under the code field.
      const third = await session.newPage(viewport);
      await storeLanguage(third, lang);
      await passwordStep(third, member.user.username);
      await third.getByRole('button', { name: 'Калыбына келтирүү кодун колдонуу' }).click();
      await third.getByTestId('two-factor-code').fill(codes[0] ?? '');
      expect(await seriousViolations(third, runes)).toEqual([]);
      await shot(third, `two-factor-login-recovery-${where}`);
      await third.locator('form button[type="submit"]').click();
      await third.waitForURL(`${session.baseUrl}/`);

      // The same recovery code does not work twice.
      await third.evaluate(() => localStorage.clear());
      await passwordStep(third, member.user.username);
      await third.getByRole('button', { name: 'Калыбына келтирүү кодун колдонуу' }).click();
      await third.getByTestId('two-factor-code').fill(codes[0] ?? '');
      await third.locator('form button[type="submit"]').click();
      await third.getByRole('alert').waitFor();
      expect(third.url()).toBe(`${session.baseUrl}/login`);
      // The refused codes answered 401 on purpose.
      forgetRefusals(session, 401);
      await third.context().close();
    });
  }
});
