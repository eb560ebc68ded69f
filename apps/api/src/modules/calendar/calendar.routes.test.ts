import {
  addDays,
  dayOfDate,
  formatDay,
  type CalendarFeedToken,
  type CalendarFeedTokenStatus,
  type CalendarMonth,
  type Day,
  type Person,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';

let app: App;
let moderator: TestUser;
let member: TestUser;
let root: Person;
let son: Person;
let grandson: Person;
let wife: Person;
let living: Person;
let presumed: Person;
let restricted: Person;
let recent: Person;
let recentDeath: Day;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const gedcom = (day: Day) => `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  root = await addPerson(app, moderator, {
    name: 'Калыйбек',
    sex: 'M',
    birth_year: 1850,
    birth_date: '15 MAR 1850',
    death_year: 1920,
    death_date: '2 APR 1920',
  });
  son = await addPerson(app, moderator, {
    name: 'Жапар',
    sex: 'M',
    father_id: root.id,
    birth_year: 1890,
    birth_date: '20 MAR 1890',
    death_year: 1960,
    death_date: '29 FEB 1960',
  });
  wife = await addPerson(app, moderator, {
    name: 'Бүбүш',
    sex: 'F',
    birth_year: 1895,
    // Only the year, a qualifier, a range: no day to keep.
    birth_date: 'ABT 10 MAR 1895',
    death_year: 1970,
    death_date: 'MAR 1970',
  });
  const union = await app.inject({
    method: 'PATCH',
    url: `/api/persons/${son.id}/`,
    headers: moderator.headers,
    payload: {
      version: son.version,
      spouse_ids: [wife.id],
      unions: [
        {
          spouse_id: wife.id,
          events: [
            {
              type: 'marriage',
              custom_type: null,
              value: null,
              date: '1 MAR 1915',
              place_id: null,
              place: null,
              note: null,
            },
          ],
        },
      ],
    },
  });
  expect(union.statusCode, union.body).toBe(200);
  grandson = await addPerson(app, moderator, {
    name: 'Токтогул',
    sex: 'M',
    father_id: son.id,
    birth_year: 1925,
    birth_date: '5 MAR 1925',
    death_year: 2001,
    death_date: '7 MAR 2001',
  });
  // Flagged living: never in the calendar, whatever dates it carries.
  living = await addPerson(app, moderator, {
    name: 'Тирүү Адам',
    sex: 'M',
    father_id: son.id,
    birth_year: 1950,
    birth_date: '12 MAR 1950',
    is_living: true,
  });
  // Born less than 100 years ago with no death: presumed living.
  presumed = await addPerson(app, moderator, {
    name: 'Жаш Адам',
    sex: 'M',
    father_id: grandson.id,
    birth_year: 1990,
    birth_date: '13 MAR 1990',
  });
  // Dead, but restricted by a GEDCOM notice: members see them, guests never.
  restricted = await addPerson(app, moderator, {
    name: 'Жашыруун',
    sex: 'M',
    father_id: son.id,
    birth_year: 1900,
    birth_date: '14 MAR 1900',
    death_year: 1980,
    death_date: '16 MAR 1980',
  });
  await app.db.execute(sql`update persons set resn = 'CONFIDENTIAL' where id = ${restricted.id}`);
  // Died ten days ago: memorial days for members.
  recentDeath = addDays(dayOfDate(new Date()), -10);
  recent = await addPerson(app, moderator, {
    name: 'Жакында',
    sex: 'M',
    father_id: grandson.id,
    birth_year: 1940,
    birth_date: '1 JAN 1940',
    death_year: recentDeath.year,
    death_date: gedcom(recentDeath),
  });
});

async function month(value: string, headers: Record<string, string> = {}, query = '') {
  const response = await app.inject({ url: `/api/calendar/?month=${value}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CalendarMonth>();
}

const summary = (page: CalendarMonth) =>
  page.results.map((e) => `${e.date} ${e.kind} ${e.person.name} ${e.years ?? '-'}`);

describe('GET /api/calendar/', () => {
  it('puts each anniversary on its day, 29 February on the 28th in common years', async () => {
    const march = await month('2027-03');
    expect(march.results.find((e) => e.kind === 'marriage')).toMatchObject({
      date: '2027-03-01',
      years: 112,
      person: { id: son.id, name: 'Жапар' },
      spouse: { id: wife.id, name: 'Бүбүш' },
      source_date: '1 MAR 1915',
    });
    expect(summary(march)).toEqual([
      '2027-03-01 marriage Жапар 112',
      '2027-03-05 birth Токтогул 102',
      '2027-03-07 death Токтогул 26',
      '2027-03-15 birth Калыйбек 177',
      '2027-03-20 birth Жапар 137',
    ]);
    expect(march).toMatchObject({ month: '2027-03', truncated: false, memorial: false });

    expect(summary(await month('2028-02'))).toEqual(['2028-02-29 death Жапар 68']);
    expect(summary(await month('2027-02'))).toEqual(['2027-02-28 death Жапар 67']);
    expect(summary(await month('2027-04'))).toEqual(['2027-04-02 death Калыйбек 107']);
    // Before the event itself there is nothing to remember.
    expect(summary(await month('1850-03'))).toEqual([]);
  });

  it('never shows a living person; a restricted one to members only', async () => {
    const guest = await month('2027-03');
    const names = guest.results.map((e) => e.person.name);
    expect(names).not.toContain(living.name);
    expect(names).not.toContain(presumed.name);
    expect(names).not.toContain(restricted.name);

    const signedIn = await month('2027-03', member.headers);
    const memberNames = signedIn.results.map((e) => e.person.name);
    expect(memberNames).not.toContain(living.name);
    expect(memberNames).not.toContain(presumed.name);
    expect(
      signedIn.results.filter((e) => e.person.id === restricted.id).map((e) => e.date),
    ).toEqual(['2027-03-14', '2027-03-16']);
  });

  it('narrows to a branch (the father line) and to a clan', async () => {
    const branch = await month('2027-03', {}, `&branch=${grandson.id}`);
    expect(summary(branch)).toEqual([
      '2027-03-05 birth Токтогул 102',
      '2027-03-07 death Токтогул 26',
    ]);
    // A marriage belongs to the branch of either spouse.
    const sonBranch = await month('2027-03', {}, `&branch=${son.id}`);
    expect(summary(sonBranch)[0]).toBe('2027-03-01 marriage Жапар 112');
    expect(summary(sonBranch)).not.toContain('2027-03-15 birth Калыйбек 177');

    const clan = await app.inject({
      method: 'POST',
      url: '/api/clans/',
      headers: moderator.headers,
      payload: { name: 'Токтогул уругу', founder_id: grandson.id },
    });
    expect(clan.statusCode, clan.body).toBe(201);
    const clanId = clan.json<{ id: number }>().id;
    expect(summary(await month('2027-03', {}, `&clan=${clanId}`))).toEqual(summary(branch));
  });

  it('gives members the memorial days of the recently deceased', async () => {
    const expected = [
      ['day3', addDays(recentDeath, 3)],
      ['day7', addDays(recentDeath, 7)],
      ['day40', addDays(recentDeath, 40)],
    ] as const;
    for (const [kind, day] of expected) {
      const key = formatDay(day).slice(0, 7);
      const signedIn = await month(key, member.headers);
      expect(signedIn.memorial).toBe(true);
      expect(signedIn.results).toContainEqual(
        expect.objectContaining({
          kind,
          date: formatDay(day),
          person: { id: recent.id, name: recent.name },
        }),
      );
      const guest = await month(key);
      expect(guest.results.filter((e) => e.person.id === recent.id && e.kind === kind)).toEqual([]);
    }
    // The first death anniversary is the жылдык for members, a plain anniversary for guests.
    const yearDay = { ...recentDeath, year: recentDeath.year + 1 };
    if (!(recentDeath.month === 2 && recentDeath.day === 29)) {
      const key = formatDay(yearDay).slice(0, 7);
      const mine = (await month(key, member.headers)).results.filter(
        (e) => e.person.id === recent.id,
      );
      expect(
        mine.filter((e) => e.kind === 'year1' || e.kind === 'death').map((e) => e.kind),
      ).toEqual(['year1']);
      const guest = (await month(key)).results.filter((e) => e.person.id === recent.id);
      expect(guest.map((e) => e.kind)).toEqual(['death']);
    }
  });

  it('answers 400 in the field shape for a bad month, clan or branch', async () => {
    for (const query of ['month=2027-13', 'month=27-03', 'month=abc', 'month=0000-01']) {
      const response = await app.inject({ url: `/api/calendar/?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<Record<string, string[]>>())).toEqual(['month']);
    }
    for (const query of ['branch=0', 'branch=x', 'branch=2147483648', 'branch=99999999']) {
      const response = await app.inject({ url: `/api/calendar/?${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json<Record<string, string[]>>();
      expect(body.branch?.[0], query).toMatch(/./);
    }
    const clan = await app.inject({ url: '/api/calendar/?clan=99999999' });
    expect(clan.statusCode).toBe(400);
    expect(clan.json<Record<string, string[]>>().clan).toEqual(['Мындай уруу жок.']);
    const feed = await app.inject({ url: '/api/calendar.ics?branch=99999999' });
    expect(feed.statusCode).toBe(400);
  });
});

function events(body: string): VEvent[] {
  return Object.values(ical.sync.parseICS(body)).filter(
    (item): item is VEvent => item?.type === 'VEVENT',
  );
}

/** An event's SUMMARY as text (node-ical gives an object when it carries parameters). */
const title = (event: VEvent) =>
  typeof event.summary === 'string' ? event.summary : event.summary.val;

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('GET /api/calendar.ics', () => {
  it('is an RFC 5545 feed of all-day events in the next 12 months, public ones only', async () => {
    const response = await app.inject({ url: '/api/calendar.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const list = events(response.body);
    expect(list.length).toBeGreaterThan(0);
    const summaries = list.map((e) => title(e));
    for (const hidden of [living, presumed, restricted]) {
      expect(summaries.some((s) => s.includes(hidden.name))).toBe(false);
    }
    expect(response.body).not.toContain(living.name);
    expect(response.body).not.toContain(restricted.name);
    // No memorial days in the public feed.
    expect(summaries.some((s) => /Үчүлүк|Жетилик|Кырк/.test(s))).toBe(false);

    const birth = list.find((e) => title(e).startsWith('Калыйбек: Туулган күнү'));
    expect(birth?.start.dateOnly).toBe(true);
    const year = new Date().getUTCFullYear();
    // The current month is in the feed whole: March of this year until March is over.
    const march = new Date().getUTCMonth() <= 2 ? year : year + 1;
    expect(localDay(birth!.start)).toBe(`${march}-03-15`);
    expect(response.body).toMatch(/DTSTART;VALUE=DATE:\d{4}0315/);
    expect(response.body).toMatch(new RegExp(`URL(;[^:]*)?:http[^\\r]*/persons/${root.id}\\r`));
    expect(new Set(list.map((e) => e.uid)).size).toBe(list.length);

    const branch = events(
      (await app.inject({ url: `/api/calendar.ics?branch=${grandson.id}` })).body,
    );
    expect(new Set(branch.map((e) => title(e).split(':')[0]))).toEqual(
      new Set(['Токтогул', recent.name]),
    );
  });

  it('gives a member a secret feed with the memorial days; a new token revokes the old', async () => {
    expect((await app.inject({ url: '/api/calendar/feed-token/' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/calendar/feed-token/' })).statusCode,
    ).toBe(401);
    const status = await app.inject({ url: '/api/calendar/feed-token/', headers: member.headers });
    expect(status.json<CalendarFeedTokenStatus>()).toEqual({ created_at: null });

    const made = await app.inject({
      method: 'POST',
      url: '/api/calendar/feed-token/',
      headers: member.headers,
    });
    expect(made.statusCode).toBe(201);
    const first = made.json<CalendarFeedToken>().token;
    expect(first.length).toBeGreaterThanOrEqual(40);
    const stored = await app.db.execute<{ token_hash: string }>(
      sql`select token_hash from calendar_feed_tokens where user_id = ${member.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(first);
    const after = await app.inject({ url: '/api/calendar/feed-token/', headers: member.headers });
    expect(after.json<CalendarFeedTokenStatus>().created_at).not.toBeNull();

    const feed = await app.inject({ url: `/api/calendar.ics?token=${first}` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toContain('private');
    const list = events(feed.body);
    const memorial = list.filter((e) => title(e).startsWith(`${recent.name}:`));
    const titles = memorial.map((e) => title(e));
    expect(titles).toContain(`${recent.name}: Кырк`);
    // The жылдык is in the feed when it falls within its 12 months.
    const today = dayOfDate(new Date());
    if (recentDeath.month !== today.month) expect(titles).toContain(`${recent.name}: Жылдык`);
    const kyrk = memorial.find((e) => title(e) === `${recent.name}: Кырк`);
    expect(localDay(kyrk!.start)).toBe(formatDay(addDays(recentDeath, 40)));
    // Members see the restricted dead person; the living stay out even here.
    expect(feed.body).toContain(restricted.name);
    expect(feed.body).not.toContain(living.name);
    expect(feed.body).not.toContain(presumed.name);

    const again = await app.inject({
      method: 'POST',
      url: '/api/calendar/feed-token/',
      headers: member.headers,
    });
    const second = again.json<CalendarFeedToken>().token;
    expect(second).not.toBe(first);
    expect((await app.inject({ url: `/api/calendar.ics?token=${first}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/calendar.ics?token=${second}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/calendar.ics?token=made-up' })).statusCode).toBe(404);

    // A blocked member's link stops too.
    await app.db.execute(sql`update users set is_active = false where id = ${member.id}`);
    expect((await app.inject({ url: `/api/calendar.ics?token=${second}` })).statusCode).toBe(404);
    await app.db.execute(sql`update users set is_active = true where id = ${member.id}`);
  });
});
