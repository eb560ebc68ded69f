import {
  FollowStateSchema,
  NoticePageSchema,
  NoticeSettingsSchema,
  UnsubscribeInfoSchema,
  type Person,
} from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { notices, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { addLine, addPerson } from '../persons/persons.factories';

/**
 * Notices (docs/features.md, Notices) through a real SMTP server: reviews of proposals and
 * articles, the switches, the unsubscribe link, the weekly digest of a followed branch and the
 * moderators' daily digest. Digests run at once with an injected time.
 */

let sink: SmtpSink;
let app: App;
let moderator: TestUser & { email: string };
let root: Person;
let son: Person;
let mailNo = 0;

/** A member whose address is confirmed (or not) in the database. */
async function memberWithMail(confirmed = true, role: 'user' | 'moderator' = 'user') {
  const user = await createTestUser(app, { role });
  mailNo += 1;
  const email = `member${mailNo}@bagysh.test`;
  await app.db
    .update(users)
    .set({ email, emailKey: email, emailVerifiedAt: confirmed ? new Date() : null })
    .where(eq(users.id, user.id));
  return { ...user, email };
}

/** A header as written (mailparser turns the List-* headers into objects). */
function rawHeader(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((header) => header.key === name)?.line ?? '';
  return line
    .replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n[ \t]+/g, '')
    .trim();
}

const to = (address: string) => (mail: ParsedMail) =>
  JSON.stringify(mail.to ?? '')
    .toLowerCase()
    .includes(address.toLowerCase());

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** A member's correction of `person`, waiting; answers the proposal's id. */
async function proposeCorrection(member: TestUser, person: Person, biography: string) {
  const current = (await inject('GET', `/api/persons/${person.id}/`, moderator)).json<Person>();
  const response = await inject('PATCH', `/api/persons/${person.id}/`, member, {
    version: current.version,
    biography,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ id: number }>().id;
}

async function noticesOf(member: TestUser) {
  const response = await inject('GET', '/api/notices/', member);
  expect(response.statusCode, response.body).toBe(200);
  return NoticePageSchema.parse(response.json());
}

/** The mail state of a member's newest notice once the dispatcher has decided it. */
async function decidedMailState(userId: number) {
  await app.notices.flush();
  const [row] = await app.db
    .select({ mailState: notices.mailState })
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(notices.id);
  return row?.mailState;
}

/** Waits until a later mail (to `marker`) arrived, then answers whether any came to `address`. */
async function gotMail(address: string, marker: TestUser & { email: string }) {
  const id = await proposeCorrection(marker, root, `Белги ${mailNo}`);
  await inject('POST', `/api/revisions/${id}/reject/`, moderator, { comment: 'белги' });
  await sink.waitFor((mail) => to(marker.email)(mail) && (mail.text ?? '').includes('белги'));
  return sink.messages.some(to(address));
}

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({
    smtpUrl: sink.url,
    publicUrl: 'https://bagysh.test',
    mailRetryDelaySeconds: 1,
  });
  moderator = await memberWithMail(true, 'moderator');
  [root, son] = (await addLine(app, moderator, ['Багыш', 'Жаманкул'])) as [Person, Person];
});
afterAll(async () => sink.close());

describe("the moderators' daily digest", () => {
  it('is written only when something waits, and mails the counts with a link to moderation', async () => {
    expect(await app.notices.runDaily(new Date())).toBe(0);
    expect((await noticesOf(moderator)).count).toBe(0);

    const member = await memberWithMail();
    await proposeCorrection(member, son, 'Күтүп турат');
    const now = new Date();
    expect(await app.notices.runDaily(now)).toBeGreaterThanOrEqual(1);
    const mail = await sink.waitFor(
      (m) => to(moderator.email)(m) && (m.subject ?? '').includes('Модерацияны'),
    );
    expect(mail.text).toContain('Инсандар боюнча сунуштар: 1');
    expect(mail.text).toContain('https://bagysh.test/moderation');
    expect(mail.html).toContain('href="https://bagysh.test/moderation"');
    const list = await noticesOf(moderator);
    expect(list.results[0]).toMatchObject({ type: 'moderation_digest', link: '/moderation' });
    // Run twice the same day: one digest.
    expect(await app.notices.runDaily(new Date(now.getTime() + 3600_000))).toBe(0);
    // A member gets none.
    expect((await noticesOf(member)).results.some((n) => n.kind === 'moderation')).toBe(false);
  });
});

describe('reviews of proposals', () => {
  it('accepted: the member gets a mail and a notice with the comment, with unsubscribe headers', async () => {
    const member = await memberWithMail();
    const id = await proposeCorrection(member, son, 'Жаманкул — Багыштын уулу.');
    const accepted = await inject('POST', `/api/revisions/${id}/accept/`, moderator, {
      comment: 'Рахмат, булагы туура.',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const mail = await sink.waitFor(to(member.email));
    expect(mail.subject).toContain('Сунушуңуз кабыл алынды');
    expect(mail.text).toContain('Модератордун пикири: Рахмат, булагы туура.');
    expect(mail.html).toContain('Рахмат, булагы туура.');
    expect(mail.text).toContain('https://bagysh.test/contributions');
    expect(mail.text).toContain('https://bagysh.test/notices/unsubscribe#token=');
    const listUnsubscribe = rawHeader(mail, 'list-unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/bagysh\.test\/api\/notices\/unsubscribe\/\?token=[^>]+>$/,
    );
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const list = await noticesOf(member);
    expect(list.unread).toBe(1);
    expect(list.results[0]).toMatchObject({
      type: 'proposal_accepted',
      kind: 'reviews',
      comment: 'Рахмат, булагы туура.',
      link: '/contributions',
      read: false,
    });
  });

  it('rejected (a place, another kind of the engine): the mail and the notice carry the reason', async () => {
    const member = await memberWithMail();
    const proposed = await inject('POST', '/api/places/', member, { name: 'Эмгекчил' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const id = proposed.json<{ id: number }>().id;
    const rejected = await inject('POST', `/api/record-revisions/${id}/reject/`, moderator, {
      comment: 'Мындай айыл жок.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mail = await sink.waitFor(to(member.email));
    expect(mail.subject).toContain('Сунушуңуз четке кагылды: жер кошуу');
    expect(mail.text).toContain('«Эмгекчил»');
    expect(mail.text).toContain('Модератордун пикири: Мындай айыл жок.');
    const [notice] = (await noticesOf(member)).results;
    expect(notice).toMatchObject({ type: 'proposal_rejected', comment: 'Мындай айыл жок.' });
  });

  it('a kind switched off on the profile: the notice is kept in the site, no mail is sent', async () => {
    const member = await memberWithMail();
    const off = await inject('PUT', '/api/notices/settings/', member, {
      mail: { reviews: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(NoticeSettingsSchema.parse(off.json())).toEqual({
      mail: { reviews: false, follows: true, moderation: true },
      email_confirmed: true,
      moderator: false,
    });
    const id = await proposeCorrection(member, son, 'Өчүк');
    await inject('POST', `/api/revisions/${id}/accept/`, moderator, { comment: 'Жакшы' });
    expect(await decidedMailState(member.id)).toBe('skipped');
    expect((await noticesOf(member)).results[0]).toMatchObject({ comment: 'Жакшы' });
    expect(await gotMail(member.email, await memberWithMail())).toBe(false);
  });

  it('an unconfirmed address receives no notice mail', async () => {
    const member = await memberWithMail(false);
    const id = await proposeCorrection(member, son, 'Ырасталбаган');
    await inject('POST', `/api/revisions/${id}/reject/`, moderator, { comment: 'Жок' });
    expect(await decidedMailState(member.id)).toBe('skipped');
    expect((await noticesOf(member)).results[0]).toMatchObject({ comment: 'Жок' });
    expect(await gotMail(member.email, await memberWithMail())).toBe(false);
    const settings = await inject('GET', '/api/notices/settings/', member);
    expect(NoticeSettingsSchema.parse(settings.json()).email_confirmed).toBe(false);
  });
});

describe('reviews of articles', () => {
  it("a member's pending article accepted, another rejected: notices with the comment", async () => {
    const member = await memberWithMail();
    const write = async (title: string) => {
      const response = await inject('POST', '/api/person-articles/', member, {
        title,
        body: '<p>Текст</p>',
        person_id: son.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number; status: string }>();
    };
    const first = await write('Жаманкул баатыр');
    expect(first.status).toBe('pending');
    expect(
      (await inject('POST', `/api/person-articles/${first.id}/accept/`, member, {})).statusCode,
    ).toBe(403);
    const accepted = await inject('POST', `/api/person-articles/${first.id}/accept/`, moderator, {
      comment: 'Жакшы жазылган.',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'published' });
    const again = await inject('POST', `/api/person-articles/${first.id}/accept/`, moderator, {});
    expect(again.statusCode).toBe(409);

    const second = await write('Экинчи макала');
    const rejected = await inject('POST', `/api/person-articles/${second.id}/reject/`, moderator, {
      comment: 'Булагы жок.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'draft' });

    const mail = await sink.waitFor(
      (m) => to(member.email)(m) && (m.subject ?? '').includes('четке кагылды'),
    );
    expect(mail.text).toContain('Модератордун пикири: Булагы жок.');
    const list = await noticesOf(member);
    expect(list.results.map((n) => [n.type, n.comment])).toEqual([
      ['article_rejected', 'Булагы жок.'],
      ['article_accepted', 'Жакшы жазылган.'],
    ]);
  });
});

describe('the unsubscribe link', () => {
  it('works without signing in (GET shows, POST one-click stops) and stops that kind only', async () => {
    const member = await memberWithMail();
    const id = await proposeCorrection(member, son, 'Биринчи');
    await inject('POST', `/api/revisions/${id}/accept/`, moderator, {});
    const mail = await sink.waitFor(to(member.email));
    const header = rawHeader(mail, 'list-unsubscribe');
    const url = new URL(header.slice(1, -1));
    const token = url.searchParams.get('token') ?? '';
    expect((mail.text ?? '').includes(`#token=${token}`)).toBe(true);

    const shown = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(UnsubscribeInfoSchema.parse(shown.json())).toMatchObject({
      kind: 'reviews',
      username: member.username,
      subscribed: true,
    });

    // A token signed for another member, or changed by hand, is refused.
    const forged = token.replace(/^\d+\./, `${moderator.id}.`);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/notices/unsubscribe/?token=${encodeURIComponent(forged)}`,
    });
    expect(refused.statusCode).toBe(400);
    const otherKind = token.replace('.reviews.', '.follows.');
    expect(
      (await app.inject({ url: `/api/notices/unsubscribe/?token=${otherKind}` })).statusCode,
    ).toBe(400);

    // The one-click POST of a mail client (RFC 8058), no sign-in.
    const done = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    const settings = NoticeSettingsSchema.parse(
      (await inject('GET', '/api/notices/settings/', member)).json(),
    );
    expect(settings.mail).toEqual({ reviews: false, follows: true, moderation: true });

    const next = await proposeCorrection(member, son, 'Экинчи');
    await inject('POST', `/api/revisions/${next}/accept/`, moderator, {});
    expect(await decidedMailState(member.id)).toBe('sent'); // the first one
    const [newest] = await app.db
      .select({ mailState: notices.mailState })
      .from(notices)
      .where(eq(notices.userId, member.id))
      .orderBy(notices.id)
      .offset(1);
    expect(newest?.mailState).toBe('skipped');
    expect(sink.messages.filter(to(member.email))).toHaveLength(1);
  });
});

describe('following a branch', () => {
  it('the weekly digest lists a person added under the branch and a correction, not others', async () => {
    const member = await memberWithMail();
    expect((await inject('PUT', `/api/persons/${root.id}/follow/`, null, {})).statusCode).toBe(401);
    const followed = await inject('PUT', `/api/persons/${root.id}/follow/`, member, {
      scope: 'branch',
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(FollowStateSchema.parse(followed.json())).toEqual({ scope: 'branch' });
    const state = await inject('GET', `/api/persons/${root.id}/follow/`, member);
    expect(state.json()).toEqual({ scope: 'branch' });
    expect(
      (await inject('PUT', '/api/persons/2000000000/follow/', member, { scope: 'person' }))
        .statusCode,
    ).toBe(404);

    const grandson = await addPerson(app, moderator, {
      name: 'Сарыбагыш',
      sex: 'M',
      father_id: son.id,
    });
    const current = (await inject('GET', `/api/persons/${son.id}/`, moderator)).json<Person>();
    const corrected = await inject('PATCH', `/api/persons/${son.id}/`, moderator, {
      version: current.version,
      birth_year: 1700,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await addPerson(app, moderator, { name: 'Бөтөн', sex: 'M' });
    const article = await inject('POST', '/api/person-articles/', moderator, {
      title: 'Сарыбагыш жөнүндө',
      body: '<p>Текст</p>',
      person_id: grandson.id,
    });
    expect(article.statusCode, article.body).toBe(201);

    const now = new Date(Date.now() + 1000);
    expect(await app.notices.runWeekly(now)).toBeGreaterThanOrEqual(1);
    const mail = await sink.waitFor(
      (m) => to(member.email)(m) && (m.subject ?? '').includes('Көз салган'),
    );
    expect(mail.text).toContain('Жаңы инсан кошулду: Сарыбагыш (Багыш бутагында)');
    expect(mail.text).toContain('Оңдоо: Жаманкул (Багыш бутагында)');
    expect(mail.text).toContain('Жаңы макала: «Сарыбагыш жөнүндө» — Сарыбагыш');
    expect(mail.text).not.toContain('Бөтөн');
    expect(mail.text).toContain(`https://bagysh.test/persons/${root.id}`);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const [notice] = (await noticesOf(member)).results;
    expect(notice).toMatchObject({ type: 'follow_digest', kind: 'follows' });
    expect(notice?.lines).toContain('Жаңы инсан кошулду: Сарыбагыш (Багыш бутагында)');

    // Run again within the week: nothing new is written. A week later, nothing changed.
    expect(await app.notices.runWeekly(new Date(now.getTime() + 3600_000))).toBe(0);
    expect(await app.notices.runWeekly(new Date(now.getTime() + 8 * 24 * 3600_000))).toBe(0);

    const unfollowed = await inject('DELETE', `/api/persons/${root.id}/follow/`, member);
    expect(unfollowed.json()).toEqual({ scope: null });
  });

  it('a person followed alone: changes of the descendants are not listed', async () => {
    const member = await memberWithMail();
    const [top, child] = (await addLine(app, moderator, ['Тынай', 'Келдике'])) as [Person, Person];
    await inject('PUT', `/api/persons/${top.id}/follow/`, member, { scope: 'person' });
    const current = (await inject('GET', `/api/persons/${child.id}/`, moderator)).json<Person>();
    await inject('PATCH', `/api/persons/${child.id}/`, moderator, {
      version: current.version,
      birth_year: 1750,
    });
    await app.notices.runWeekly(new Date(Date.now() + 1000));
    // The followed person was added this week (listed); the son's correction is not.
    const [notice] = (await noticesOf(member)).results;
    expect(notice?.lines).toEqual(['Жаңы инсан кошулду: Тынай']);
  });
});

describe('the notices list', () => {
  it('pages, marks one read, marks all read; another member’s notice is 404', async () => {
    const member = await memberWithMail();
    const other = await memberWithMail();
    for (const text of ['Бир', 'Эки', 'Үч']) {
      const id = await proposeCorrection(member, son, text);
      await inject('POST', `/api/revisions/${id}/reject/`, moderator, { comment: text });
    }
    const page = await inject('GET', '/api/notices/?page=1&page_size=2', member);
    const first = NoticePageSchema.parse(page.json());
    expect(first).toMatchObject({ count: 3, unread: 3 });
    expect(first.results.map((n) => n.comment)).toEqual(['Үч', 'Эки']);
    expect(first.next).toContain('https://bagysh.test/api/notices/?page=2');
    const id = first.results[0]?.id ?? 0;
    expect((await inject('POST', `/api/notices/${id}/read/`, other)).statusCode).toBe(404);
    const read = await inject('POST', `/api/notices/${id}/read/`, member);
    expect(read.json()).toEqual({ unread: 2 });
    expect((await inject('GET', '/api/notices/unread/', member)).json()).toEqual({ unread: 2 });
    expect((await inject('POST', '/api/notices/read-all/', member)).json()).toEqual({
      unread: 0,
    });
    expect((await noticesOf(member)).results.every((n) => n.read)).toBe(true);
    expect((await inject('GET', '/api/notices/', null)).statusCode).toBe(401);
  });
});
