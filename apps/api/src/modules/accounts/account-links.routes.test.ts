import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  accountLinkMessages,
  AdminResetLinkSchema,
  HealthSchema,
  OutboxMessageDetailSchema,
  OutboxPageSchema,
  SITE_NAME,
  UserSchema,
} from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { accountTokens, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestUser } from '../../test/factories';
import { linkToken, startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { accountLinkErrors } from './account-links.service';
import { accountTokenMessages } from './account-tokens';
import { bearer, call } from './test-support';

/**
 * Password reset and e-mail confirmation through a real SMTP server (smtp-server in this
 * process) and, without SMTP_URL, through the outbox folder (docs/security.md, One-time links).
 */

const PASSWORD = 'Kyzyl-Too-1991';
const NEW_PASSWORD = 'Ala-Archa-2025';
const NO_LIMITS = {
  loginRateLimit: 10_000,
  loginFailureLimit: 10_000,
  registerRateLimit: 10_000,
  refreshRateLimit: 10_000,
  mailRetryDelaySeconds: 1,
};

let sequence = 0;
const ip = () => ({ 'x-forwarded-for': `10.9.${Math.floor(sequence / 250)}.${sequence++ % 250}` });

function post(app: App, url: string, payload: object, headers: Record<string, string> = {}) {
  return call(app, { method: 'POST', url, headers: { ...ip(), ...headers }, payload });
}

async function register(app: App, username: string, email: string) {
  const response = await post(app, '/api/register/', { username, password: PASSWORD, email });
  expect(response.statusCode).toBe(201);
  return response.json<{ access: string; refresh: string; user: unknown }>();
}

/** A member whose address is confirmed already (set in the database). */
async function confirmedMember(app: App, email: string) {
  const user = await createTestUser(app);
  await app.db
    .update(users)
    .set({ email, emailKey: email.toLowerCase(), emailVerifiedAt: new Date() })
    .where(eq(users.id, user.id));
  return user;
}

const to = (address: string) => (mail: { to?: unknown }) =>
  JSON.stringify(mail.to ?? '')
    .toLowerCase()
    .includes(address.toLowerCase());

describe('with an SMTP server', () => {
  let sink: SmtpSink;
  let app: App;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({
      ...NO_LIMITS,
      smtpUrl: sink.url,
      mailFrom: '"Багыш санжырасы" <noreply@bagysh.test>',
      publicUrl: 'https://bagysh.test',
    });
  });
  afterAll(async () => sink.close());

  it('register → confirm → forgot → reset: the new password works, the old one and old sessions do not', async () => {
    const email = 'Aibek@Example.KG';
    const session = await register(app, 'aibek_reset', email);
    expect(UserSchema.parse(session.user).email_verified).toBe(false);

    const confirmation = await sink.waitFor(to(email));
    expect(confirmation.subject).toContain('ырастоо');
    expect(confirmation.from?.text).toContain('noreply@bagysh.test');
    expect(confirmation.html).toContain(SITE_NAME);
    expect(confirmation.text).toContain('https://bagysh.test/email/confirm#token=');
    const confirm = await post(app, '/api/email/confirm/', {
      token: linkToken(confirmation.text),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ detail: accountLinkMessages.emailConfirmed });
    const me = await call(app, { url: '/api/user/', headers: bearer(session.access) });
    expect(UserSchema.parse(me.json()).email_verified).toBe(true);

    // Another session of the same account, to see it end too.
    const other = await post(app, '/api/login/', { username: 'aibek_reset', password: PASSWORD });
    expect(other.statusCode).toBe(200);

    const forgot = await post(app, '/api/password/reset/', { email: 'aibek@example.kg' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ detail: accountLinkMessages.resetRequested });
    const resetMail = await sink.waitFor(
      (mail) => to(email)(mail) && (mail.subject ?? '').includes('калыбына'),
    );
    expect(resetMail.html).toContain('Жаңы сырсөз коюу');
    expect(resetMail.text).toContain('https://bagysh.test/password/reset/confirm#token=');
    const token = linkToken(resetMail.text);
    // Only the hash is stored.
    const rows = await app.db.select().from(accountTokens);
    expect(JSON.stringify(rows)).not.toContain(token);

    const reset = await post(app, '/api/password/reset/confirm/', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ detail: accountLinkMessages.passwordChanged });

    const withNew = await post(app, '/api/login/', {
      username: 'aibek_reset',
      password: NEW_PASSWORD,
    });
    expect(withNew.statusCode).toBe(200);
    const withOld = await post(app, '/api/login/', { username: 'aibek_reset', password: PASSWORD });
    expect(withOld.statusCode).toBe(401);
    for (const pair of [session, other.json<{ access: string; refresh: string }>()]) {
      const access = await call(app, { url: '/api/user/', headers: bearer(pair.access) });
      expect(access.statusCode).toBe(401);
      const refreshed = await post(app, '/api/token/refresh/', { refresh: pair.refresh });
      expect(refreshed.statusCode).toBe(401);
    }

    // The link works once.
    const again = await post(app, '/api/password/reset/confirm/', {
      token,
      password: 'Issyk-Kul-2026',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: accountTokenMessages.invalid });
    const still = await post(app, '/api/login/', {
      username: 'aibek_reset',
      password: NEW_PASSWORD,
    });
    expect(still.statusCode).toBe(200);
  });

  it('an unknown or unconfirmed address gets nothing, and the same answer', async () => {
    const unconfirmed = 'not.yet@example.kg';
    await register(app, 'unconfirmed_one', unconfirmed);
    await sink.waitFor(to(unconfirmed)); // its confirmation link, and nothing else
    const known = 'known@example.kg';
    await confirmedMember(app, known);

    const answers = [];
    for (const email of ['nobody@example.kg', unconfirmed, known]) {
      const response = await post(app, '/api/password/reset/', { email });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    // Requests are handled in order: once the known address has its mail, the others are done.
    await sink.waitFor(to(known));
    expect(sink.messages.filter(to('nobody@example.kg'))).toEqual([]);
    expect(sink.messages.filter(to(unconfirmed)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('ырастоо'),
    ]);
  });

  it('a used or expired link answers a clear Kyrgyz error and changes nothing', async () => {
    const email = 'expiring@example.kg';
    const user = await confirmedMember(app, email);
    await post(app, '/api/password/reset/', { email });
    const mail = await sink.waitFor(to(email));
    const token = linkToken(mail.text);
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(accountTokens.userId, user.id));
    const expired = await post(app, '/api/password/reset/confirm/', {
      token,
      password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: accountTokenMessages.expired });
    const login = await post(app, '/api/login/', {
      username: user.username,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);

    const forged = await post(app, '/api/password/reset/confirm/', {
      token: 'A'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: accountTokenMessages.invalid });
    const weak = await post(app, '/api/password/reset/confirm/', {
      token: 'A'.repeat(43),
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('password');
  });

  it('a confirmation link of an address changed since confirms nothing', async () => {
    const first = 'first@example.kg';
    const session = await register(app, 'changes_mind', first);
    const mail = await sink.waitFor(to(first));
    const changed = await call(app, {
      method: 'PATCH',
      url: '/api/user/',
      headers: bearer(session.access),
      payload: { email: 'second@example.kg' },
    });
    expect(changed.statusCode).toBe(200);
    expect(UserSchema.parse(changed.json()).email_verified).toBe(false);
    const stale = await post(app, '/api/email/confirm/', { token: linkToken(mail.text) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ detail: accountLinkErrors.emailChanged });
    const fresh = await sink.waitFor(to('second@example.kg'));
    expect(
      (await post(app, '/api/email/confirm/', { token: linkToken(fresh.text) })).statusCode,
    ).toBe(200);
  });

  it('limits reset mails per address: the fourth request within an hour sends nothing', async () => {
    const email = 'limited@example.kg';
    await confirmedMember(app, email);
    for (let i = 0; i < 4; i += 1) {
      const response = await post(app, '/api/password/reset/', { email });
      expect(response.statusCode).toBe(200);
    }
    const marker = 'marker@example.kg';
    await confirmedMember(app, marker);
    await post(app, '/api/password/reset/', { email: marker });
    await sink.waitFor(to(marker));
    expect(sink.messages.filter(to(email))).toHaveLength(3);
  });

  it('retries a mail the SMTP server refused, and reports the queue in /api/health/', async () => {
    const email = 'retry@example.kg';
    const user = await confirmedMember(app, email);
    await app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const refusedBefore = sink.refused;
    sink.refuseNext(1);
    const resend = await post(app, '/api/email/confirm/resend/', {}, user.headers);
    expect(resend.statusCode).toBe(200);
    const mail = await sink.waitFor(to(email), 30_000);
    expect(sink.refused).toBe(refusedBefore + 1);
    expect(mail.subject).toContain('ырастоо');

    // The job marks the mail sent only after the server took it: the queue empties a moment later.
    const mailQueue = async () =>
      HealthSchema.parse((await call(app, { url: '/api/health/' })).json()).mail;
    await expect.poll(mailQueue).toEqual({ transport: 'smtp', waiting: 0, failed: 0 });
  });

  it('an admin makes a one-time reset link for a member without e-mail', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const moderator = await createTestUser(app, { role: 'moderator' });
    const member = await createTestUser(app);
    const url = `/api/users/${member.id}/password-reset-link/`;
    expect((await post(app, url, {}, moderator.headers)).statusCode).toBe(403);
    const made = await post(app, url, {}, admin.headers);
    expect(made.statusCode).toBe(200);
    const link = AdminResetLinkSchema.parse(made.json());
    expect(link.url).toMatch(/^https:\/\/bagysh\.test\/password\/reset\/confirm#token=/);
    const reset = await post(app, '/api/password/reset/confirm/', {
      token: linkToken(link.url),
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const login = await post(app, '/api/login/', {
      username: member.username,
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('without SMTP_URL: the outbox folder', () => {
  let app: App;
  const outbox = () => join(app.config.dataDir, 'outbox');

  beforeAll(async () => {
    app = await createTestApp({ ...NO_LIMITS, publicUrl: 'https://bagysh.test' });
  });

  async function waitForOutbox(count: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      // Not the writer's `.<id>.eml`, a file still being written (renamed when whole).
      const files = existsSync(outbox())
        ? readdirSync(outbox()).filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
        : [];
      if (files.length >= count) return files.sort();
      if (Date.now() > deadline) throw new Error(`${files.length} .eml files, not ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('writes each mail as an .eml file that admins list and open; the links work', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const email = 'outbox.member@example.kg';
    await register(app, 'outbox_member', email);
    const [first] = await waitForOutbox(1);
    const parsed = await simpleParser(readFileSync(join(outbox(), first ?? '')));
    expect(parsed.subject).toContain('ырастоо');
    expect(parsed.to && JSON.stringify(parsed.to)).toContain(email);
    expect(parsed.html).toContain(SITE_NAME);
    expect(
      (await post(app, '/api/email/confirm/', { token: linkToken(parsed.text) })).statusCode,
    ).toBe(200);

    await post(app, '/api/password/reset/', { email });
    await waitForOutbox(2);

    const member = await createTestUser(app);
    expect(
      (await call(app, { url: '/api/mail/outbox/', headers: member.headers })).statusCode,
    ).toBe(403);
    const list = await call(app, { url: '/api/mail/outbox/', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const page = OutboxPageSchema.parse(list.json());
    expect(page.transport).toBe('outbox');
    expect(page.count).toBe(2);
    const [newest, oldest] = page.results;
    expect(newest?.subject).toContain('калыбына');
    expect(oldest?.subject).toContain('ырастоо');
    expect(newest?.to).toBe(email);

    const opened = await call(app, {
      url: `/api/mail/outbox/${newest?.id}/`,
      headers: admin.headers,
    });
    const detail = OutboxMessageDetailSchema.parse(opened.json());
    const reset = await post(app, '/api/password/reset/confirm/', {
      token: linkToken(detail.text),
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    const eml = await call(app, {
      url: `/api/mail/outbox/${newest?.id}/eml/`,
      headers: admin.headers,
    });
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toContain('message/rfc822');
    expect((await simpleParser(eml.rawPayload)).subject).toBe(newest?.subject);
    const missing = await call(app, {
      url: '/api/mail/outbox/20200101T000000000Z-00000000/',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);

    const health = HealthSchema.parse((await call(app, { url: '/api/health/' })).json());
    expect(health.mail).toMatchObject({ transport: 'outbox', failed: 0 });
  });
});
