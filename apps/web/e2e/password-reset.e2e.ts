import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { E2E_PASSWORD, loginAdmin, signInAs, type Auth } from './support/accounts';
import { DESKTOP, FLOW_COMBOS, PHONE, forgetRefusals, useBrowser } from './support/browser';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Mail without an SMTP server, end to end: the e2e server writes every mail as an .eml file to
 * DATA_DIR/outbox/, and these tests read the files from disk to follow their links, as a person
 * would from a mailbox. A member confirms an address, asks for a reset on /login, sets a new
 * password through the link (the old one stops working, a used link is refused in Kyrgyz); the
 * admin reads the mail on /mail/outbox and makes a one-time link for a member without e-mail.
 * The pages at 1440 and 390 px in both scripts, axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const OUTBOX = join(inject('dataDir'), 'outbox');
const NEW_PASSWORD = 'Jangy-Syrsoz-2025';

function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function api(path: string, body: unknown): Promise<Response> {
  return fetch(`${inject('baseUrl')}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Registers a member through the API, with an e-mail address when one is given. */
async function register(prefix: string, email?: string): Promise<Auth> {
  const username = unique(prefix);
  const response = await api('register/', { username, password: E2E_PASSWORD, email });
  if (response.status !== 201) throw new Error(`register: ${response.status}`);
  return (await response.json()) as Auth;
}

async function loginStatus(username: string, password: string): Promise<number> {
  return (await api('login/', { username, password })).status;
}

interface Mail {
  subject: string;
  text: string;
  /** The one link of the site in the mail (a reset or confirmation page). */
  link: string;
}

/**
 * The mail to `to` whose subject starts with `subject`, read from its .eml file in the outbox
 * once the queue's worker has written it (the sidecar .json names the recipient).
 */
async function mailTo(to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = await readdir(OUTBOX).catch(() => [] as string[]);
    for (const name of names.filter((file) => /^\d{8}T\d{9}Z-[0-9a-f]{8}\.json$/.test(file))) {
      const entry = JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as { to: string };
      if (entry.to !== to) continue;
      const parsed = await simpleParser(await readFile(join(OUTBOX, name.replace(/json$/, 'eml'))));
      if (!parsed.subject?.startsWith(subject)) continue;
      const text = parsed.text ?? '';
      const link = text.match(/https?:\/\/\S+#token=[A-Za-z0-9_-]+/)?.[0];
      if (!link) throw new Error(`no link in the mail to ${to}:\n${text}`);
      return { subject: parsed.subject, text, link };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with the subject "${subject}" in ${OUTBOX}`);
}

const RESET_SUBJECT = 'Сырсөздү калыбына келтирүү';
const CONFIRM_SUBJECT = 'Электрондук почтаны ырастоо';

/** The link's page and token on the server the test runs against (PUBLIC_URL is that server). */
function pathOf(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(inject('baseUrl'));
  return url.pathname + url.hash;
}

/** Drops the browser's lines about answers a test provoked on purpose (a used link: 400). */
async function setNewPassword(page: Page, password: string) {
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="repeat"]').fill(password);
  await page.getByRole('button', { name: 'Сырсөздү сактоо' }).click();
}

describe('password reset and e-mail confirmation through the outbox', () => {
  const session = useBrowser();
  let admin: Auth;

  beforeAll(async () => {
    admin = await loginAdmin();
  });

  it('confirms an address, resets the password by mail, refuses the used link', async () => {
    const email = `${unique('reset')}@example.kg`;
    const member = await register('reset', email);

    // Registering with an address mails a confirmation link; opening it confirms the address.
    const confirmation = await mailTo(email, CONFIRM_SUBJECT);
    expect(confirmation.link).toContain('/email/confirm#token=');
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await open(page, '/profile');
    await page.getByTestId('email-unconfirmed').waitFor();
    await page.goto(pathOf(confirmation.link));
    await page.getByText('Электрондук почтаңыз ырасталды.').waitFor();
    await page.getByRole('link', { name: 'Профилге өтүү' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByTestId('email-confirmed').waitFor();

    // A guest forgot the password: /login → the request page → the same sentence for any address.
    const guest = await session.newPage(DESKTOP);
    await open(guest, '/login');
    await guest.getByRole('link', { name: 'Сырсөздү унуттуңузбу?' }).click();
    await guest.waitForURL(/\/password\/reset$/);
    await guest.getByLabel('Электрондук почта').fill(email.toUpperCase());
    await guest.getByRole('button', { name: 'Шилтеме жөнөтүү' }).click();
    await guest.getByText('Эгер бул дарек ырасталган аккаунтка таандык болсо').waitFor();

    const reset = await mailTo(email, RESET_SUBJECT);
    expect(reset.link).toContain('/password/reset/confirm#token=');
    await guest.goto(pathOf(reset.link));
    await guest.locator('h1', { hasText: 'Жаңы сырсөз' }).waitFor();
    // The two fields must match before anything is sent.
    await guest.locator('input[name="password"]').fill(NEW_PASSWORD);
    await guest.locator('input[name="repeat"]').fill(`${NEW_PASSWORD}x`);
    await guest.getByRole('button', { name: 'Сырсөздү сактоо' }).click();
    await guest.getByText('Сырсөздөр дал келбейт.').waitFor();
    await setNewPassword(guest, NEW_PASSWORD);
    await guest.getByText('Сырсөз жаңыланды. Эми жаңы сырсөз менен кириңиз.').waitFor();

    expect(await loginStatus(member.user.username, E2E_PASSWORD)).toBe(401);
    expect(await loginStatus(member.user.username, NEW_PASSWORD)).toBe(200);
    // The sessions the member had are over: the old refresh token is refused.
    expect((await api('token/refresh/', { refresh: member.refresh })).status).toBe(401);

    // Signing in on the page with the new password works.
    await guest.getByRole('link', { name: 'Кирүү бетине' }).click();
    await guest.getByLabel('Колдонуучу аты').fill(member.user.username);
    await guest.locator('input[name="password"]').fill(NEW_PASSWORD);
    await guest.getByRole('button', { name: 'Кирүү', exact: true }).click();
    await guest.waitForURL(`${session.baseUrl}/`);

    // The link works once: opened again, it says so in Kyrgyz and offers a new one.
    const again = await session.newPage(PHONE);
    await again.goto(pathOf(reset.link));
    await setNewPassword(again, 'Dagy-Bir-Syrsoz-2026');
    await again
      .getByText('Бул шилтеме жараксыз же мурда колдонулган. Жаңы шилтеме сураңыз.')
      .waitFor();
    await again.getByRole('link', { name: 'Жаңы шилтеме суроо' }).waitFor();
    expect(await loginStatus(member.user.username, NEW_PASSWORD)).toBe(200);
    forgetRefusals(session, 400);
    forgetRefusals(session, 401);

    // The admin reads the same mail on /mail/outbox.
    const adminPage = await session.newPage(DESKTOP);
    await signInAs(adminPage, admin);
    await open(adminPage, '/mail/outbox');
    const row = adminPage.getByTestId('outbox-row').filter({ hasText: email }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(RESET_SUBJECT);
    await row.click();
    const text = adminPage.getByTestId('outbox-text');
    await text.waitFor();
    expect(await text.textContent()).toContain(reset.link);
  });

  it("an admin's one-time link for a member without e-mail: shown once, it works", async () => {
    const member = await register('nomail');
    const page = await session.newPage(DESKTOP);
    await signInAs(page, admin);
    await open(page, `/users?q=${member.user.username}`);
    const row = page.locator(`[data-testid="user-row"][data-username="${member.user.username}"]`);
    await row.getByTestId('reset-link').click();
    await page
      .getByRole('dialog', { name: 'Бир жолку сырсөз шилтемеси' })
      .getByRole('button', { name: 'Ырастоо' })
      .click();
    const shown = page.getByRole('dialog', { name: 'Бир жолку шилтеме' });
    await shown.waitFor();
    await shot(page, 'reset-link-admin-desktop-ky');
    const link = await page.getByTestId('reset-link-url').inputValue();
    expect(link).toMatch(/\/password\/reset\/confirm#token=[A-Za-z0-9_-]+$/);
    await shown.getByRole('button', { name: 'Жабуу' }).click();
    await shown.waitFor({ state: 'hidden' });
    // Shown once: nothing on the page holds it any more.
    expect(await page.content()).not.toContain(new URL(link).hash.slice(1));

    const guest = await session.newPage(PHONE);
    await guest.goto(pathOf(link));
    await setNewPassword(guest, NEW_PASSWORD);
    await guest.getByText('Сырсөз жаңыланды. Эми жаңы сырсөз менен кириңиз.').waitFor();
    expect(await loginStatus(member.user.username, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(member.user.username, E2E_PASSWORD)).toBe(401);
    forgetRefusals(session, 401);
  });

  for (const [viewport, lang] of FLOW_COMBOS) {
    const where = `${viewport === DESKTOP ? 'desktop' : 'phone'}-${lang}`;
    it(`the mail pages look right, axe clean (${where})`, async () => {
      const runes = lang === 'old_ky';
      const check = async (page: Page, name: string) => {
        await shot(page, `${name}-${where}`);
        expect(await seriousViolations(page, runes), name).toEqual([]);
        // Nothing runs off the side of a phone.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          name,
        ).toBe(true);
      };

      const guest = await session.newPage(viewport);
      await storeLanguage(guest, lang);
      await open(guest, '/password/reset');
      await guest.locator('input[name="email"]').waitFor();
      await check(guest, 'reset-request');
      await guest.locator('input[name="email"]').fill(`${unique('nobody')}@example.kg`);
      await guest.getByRole('button', { name: 'Шилтеме жөнөтүү' }).click();
      await guest.locator('.MuiAlert-root[role="status"]').waitFor();
      await check(guest, 'reset-requested');

      // A well-formed token: the form shows; nothing is sent until it is submitted.
      await guest.goto(`/password/reset/confirm#token=${'a'.repeat(43)}`);
      await guest.locator('input[name="repeat"]').waitFor();
      await check(guest, 'reset-form');

      const email = `${unique('look')}@example.kg`;
      await register('look', email);
      const confirmation = await mailTo(email, CONFIRM_SUBJECT);
      await guest.goto(pathOf(confirmation.link));
      await guest.locator('.MuiAlert-root[role="status"]').waitFor();
      await check(guest, 'email-confirmed');

      const adminPage = await session.newPage(viewport);
      await storeLanguage(adminPage, lang);
      await signInAs(adminPage, admin);
      await open(adminPage, '/mail/outbox');
      await adminPage.getByTestId('outbox-row').first().waitFor();
      await check(adminPage, 'outbox');
      await adminPage.getByTestId('outbox-row').first().click();
      await adminPage.getByTestId('outbox-text').waitFor();
      await check(adminPage, 'outbox-message');
    });
  }
});
