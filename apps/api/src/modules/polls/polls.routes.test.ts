import { POLL_STATUS_LABELS, type Poll, type PollList, type PollResults } from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { pollBallotChoices, pollBallots, polls, users } from '../../db/schema';
import { loadDemoDataOnce } from '../../demo/seed';
import { createTestApp, createTestDatabase } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { pollMessages } from './polls.service';
import { SAMPLE_POLL_QUESTION } from '../../demo/polls.seed';

let app: App;
let admin: TestUser;
let moderator: TestUser;
let otherModerator: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
  moderator = await createTestUser(app, { role: 'moderator', fullName: 'Модератор' });
  otherModerator = await createTestUser(app, { role: 'moderator' });
  alice = await createTestUser(app, { fullName: 'Алиса Асанова' });
  bob = await createTestUser(app);
  carol = await createTestUser(app);
});

const inFuture = (ms = 3600_000) => new Date(Date.now() + ms).toISOString();

async function createPoll(
  by: TestUser = moderator,
  overrides: Record<string, unknown> = {},
): Promise<Poll> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/polls/',
    headers: by.headers,
    payload: {
      question: 'Жыйынды качан өткөрөбүз?',
      options: ['Жайында', 'Күзүндө'],
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Poll>();
}

function vote(user: TestUser, poll: Poll, optionIds: number[]) {
  return app.inject({
    method: 'POST',
    url: `/api/polls/${poll.id}/vote/`,
    headers: user.headers,
    payload: { option_ids: optionIds },
  });
}

function post(user: TestUser | null, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
}

async function getPoll(user: TestUser, id: number): Promise<Poll> {
  const response = await app.inject({ url: `/api/polls/${id}/`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Poll>();
}

/** Moves a poll's deadline into the past straight in the database (status left alone). */
async function expire(id: number) {
  await app.db
    .update(polls)
    .set({ closesAt: sql`now() - interval '1 minute'` })
    .where(eq(polls.id, id));
}

async function storedStatus(id: number) {
  const [row] = await app.db.select({ status: polls.status }).from(polls).where(eq(polls.id, id));
  return row?.status;
}

async function ballotRows(pollId: number) {
  return queryRows<{ user_id: number; option_id: number }>(
    app.db,
    sql`select b.user_id, c.option_id from ${pollBallots} b
        join ${pollBallotChoices} c on c.ballot_id = b.id
        where b.poll_id = ${pollId} order by c.option_id`,
  );
}

describe('shared labels', () => {
  it('names every status in Kyrgyz', () => {
    expect(POLL_STATUS_LABELS).toEqual({
      active: 'Активдүү',
      canceled: 'Жокко чыгарылды',
      finished: 'Аяктады',
    });
  });
});

describe('creating a poll', () => {
  it('lets moderators and admins create, answering 201 with the whole poll', async () => {
    const closesAt = inFuture();
    const poll = await createPoll(moderator, {
      description: '  Жыйындын убактысы  ',
      options: ['Жайында', 'Күзүндө', 'Кышында'],
      closes_at: closesAt,
    });
    expect(poll).toMatchObject({
      question: 'Жыйынды качан өткөрөбүз?',
      description: 'Жыйындын убактысы',
      status: 'active',
      multiple: false,
      max_choices: 1,
      anonymous: true,
      allow_change: true,
      closes_at: closesAt,
      closed_at: null,
      closed_by: null,
      cancel_reason: null,
      my_vote: [],
      created_by: { id: moderator.id, username: moderator.username, full_name: 'Модератор' },
      // The creator sees the counts live.
      total_voters: 0,
    });
    expect(poll.options.map((option) => option.text)).toEqual(['Жайында', 'Күзүндө', 'Кышында']);
    expect(poll.results?.options.map((option) => [option.votes, option.percent])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);

    const byAdmin = await createPoll(admin, { multiple: true, max_choices: 2 });
    expect(byAdmin).toMatchObject({ multiple: true, max_choices: 2, closes_at: null });
    const unlimited = await createPoll(admin, { multiple: true, anonymous: false });
    expect(unlimited).toMatchObject({ max_choices: null, anonymous: false });
  });

  it('refuses guests (401) and plain users (403)', async () => {
    const payload = { question: 'Суроо?', options: ['Ооба', 'Жок'] };
    expect((await post(null, '/api/polls/', payload)).statusCode).toBe(401);
    const response = await post(alice, '/api/polls/', payload);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Кирүүгө уруксат жок.' });
  });

  it('validates the poll with Kyrgyz messages per field', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { question: ' ', options: ['Ооба'] },
        { question: ['Милдеттүү талаа.'], options: ['Кеминде 2 болушу керек.'] },
      ],
      [
        { question: 'С?', options: Array.from({ length: 21 }, (_, i) => `В${i}`) },
        { options: ['20 ашпашы керек.'] },
      ],
      [
        { question: 'С?', options: ['Ооба', ' ооба  ', ''] },
        { 'options.1': ['Варианттар кайталанбашы керек.'], 'options.2': ['Милдеттүү талаа.'] },
      ],
      [
        {
          question: 'С?',
          options: ['А', 'Б'],
          closes_at: new Date(Date.now() - 1000).toISOString(),
        },
        { closes_at: ['Аяктоо убактысы келечекте болушу керек.'] },
      ],
      [
        { question: 'С?', options: ['А', 'Б'], closes_at: 'tomorrow' },
        { closes_at: ['Туура эмес формат.'] },
      ],
      [
        { question: 'С?', options: ['А', 'Б'], max_choices: 2 },
        { max_choices: ['Бир тандоолуу сурамжылоодо 1 гана вариант тандалат.'] },
      ],
      [
        { question: 'С?', options: ['А', 'Б'], multiple: true, max_choices: 3 },
        { max_choices: ['Варианттардын санынан ашпашы керек.'] },
      ],
      [
        { question: 'С?', options: ['А', 'Б'], multiple: true, max_choices: 1 },
        { max_choices: ['2 же андан чоң болушу керек.'] },
      ],
      [
        { question: 'С?', options: ['А', 'Б'], colour: 'red' },
        { non_field_errors: ['Белгисиз талаа.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await post(moderator, '/api/polls/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual(errors);
    }
  });
});

describe('listing polls', () => {
  it('is for signed-in users only', async () => {
    expect((await app.inject({ url: '/api/polls/' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/polls/1/' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/polls/1/results/' })).statusCode).toBe(401);
  });

  it('lists newest first with status filter, pages and per-caller vote and counts', async () => {
    const first = await createPoll(moderator, { question: 'Биринчи?' });
    const second = await createPoll(moderator, { question: 'Экинчи?' });
    const third = await createPoll(moderator, { question: 'Үчүнчү?' });
    await post(moderator, `/api/polls/${second.id}/finish/`);
    expect((await vote(alice, first, [first.options[1]!.id])).statusCode).toBe(200);

    const all = await app.inject({ url: '/api/polls/?page_size=100', headers: alice.headers });
    expect(all.statusCode).toBe(200);
    const list = all.json<PollList>();
    const ids = list.results.map((poll) => poll.id);
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.count).toBe(list.results.length);

    const mine = list.results.find((poll) => poll.id === first.id)!;
    expect(mine.my_vote).toEqual([first.options[1]!.id]);
    expect(mine.total_voters).toBe(1);
    expect(mine.results?.options.map((option) => option.votes)).toEqual([0, 1]);
    // Alice has not voted in the third and it is active: no counts for her.
    const other = list.results.find((poll) => poll.id === third.id)!;
    expect(other).toMatchObject({ my_vote: [], total_voters: null, results: null });
    // Everyone sees the counts of a finished poll.
    expect(list.results.find((poll) => poll.id === second.id)?.total_voters).toBe(0);

    const finished = (
      await app.inject({ url: '/api/polls/?status=finished', headers: alice.headers })
    ).json<PollList>();
    expect(finished.results.map((poll) => poll.status)).not.toContain('active');
    expect(finished.results.map((poll) => poll.id)).toContain(second.id);
    const active = (
      await app.inject({ url: '/api/polls/?status=active', headers: alice.headers })
    ).json<PollList>();
    expect(active.results.every((poll) => poll.status === 'active')).toBe(true);
    expect(active.results.map((poll) => poll.id)).toEqual(
      expect.arrayContaining([first.id, third.id]),
    );

    const bad = await app.inject({ url: '/api/polls/?status=open', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['Туура эмес тандоо.'] });
  });

  it('pages with next and previous links that keep the filter', async () => {
    for (let i = 0; i < 3; i += 1) await createPoll(moderator, { question: `Барак ${i}?` });
    const page1 = (
      await app.inject({ url: '/api/polls/?status=active&page_size=2', headers: bob.headers })
    ).json<PollList>();
    expect(page1.results).toHaveLength(2);
    expect(page1.previous).toBeNull();
    expect(page1.next).not.toBeNull();
    const next = new URL(page1.next!);
    expect(next.pathname).toBe('/api/polls/');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      status: 'active',
      page_size: '2',
      page: '2',
    });
    const page2 = (
      await app.inject({ url: `${next.pathname}${next.search}`, headers: bob.headers })
    ).json<PollList>();
    expect(page2.count).toBe(page1.count);
    expect(new URL(page2.previous!).searchParams.get('page')).toBe('1');
    expect(page2.results.map((poll) => poll.id)).not.toContain(page1.results[0]!.id);

    const last = Math.ceil(page1.count / 2);
    const end = (
      await app.inject({
        url: `/api/polls/?status=active&page_size=2&page=${last}`,
        headers: bob.headers,
      })
    ).json<PollList>();
    expect(end.next).toBeNull();
  });

  it('answers 404 in Kyrgyz for a missing poll and 400 for a bad id', async () => {
    const missing = await app.inject({ url: '/api/polls/999999/', headers: alice.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: pollMessages.notFound });
    for (const id of ['abc', '0', '99999999999']) {
      const response = await app.inject({ url: `/api/polls/${id}/`, headers: alice.headers });
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe('voting', () => {
  it('casts, changes and withdraws a single-choice ballot', async () => {
    const poll = await createPoll();
    const [yes, no] = poll.options.map((option) => option.id) as [number, number];

    const cast = await vote(alice, poll, [yes]);
    expect(cast.statusCode).toBe(200);
    expect(cast.json<Poll>()).toMatchObject({
      my_vote: [yes],
      total_voters: 1,
      results: {
        total_voters: 1,
        options: [
          { id: yes, votes: 1, percent: 100 },
          { id: no, votes: 0, percent: 0 },
        ],
      },
    });

    const changed = await vote(alice, poll, [no]);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Poll>().my_vote).toEqual([no]);
    expect(changed.json<Poll>().results?.options.map((option) => option.votes)).toEqual([0, 1]);
    expect(await ballotRows(poll.id)).toEqual([{ user_id: alice.id, option_id: no }]);

    const withdrawn = await app.inject({
      method: 'DELETE',
      url: `/api/polls/${poll.id}/vote/`,
      headers: alice.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    // Without a ballot the counts of an active poll are hidden again.
    expect(withdrawn.json<Poll>()).toMatchObject({
      my_vote: [],
      total_voters: null,
      results: null,
    });
    expect(await ballotRows(poll.id)).toEqual([]);

    const again = await app.inject({
      method: 'DELETE',
      url: `/api/polls/${poll.id}/vote/`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: pollMessages.noBallot });
  });

  it('checks the chosen options against the poll', async () => {
    const poll = await createPoll(moderator, { options: ['А', 'Б', 'В'] });
    const other = await createPoll();
    const [a, b] = poll.options.map((option) => option.id) as [number, number];
    const cases: [number[], Record<string, string[]>][] = [
      [[a, b], { option_ids: [pollMessages.singleChoice] }],
      [[other.options[0]!.id], { option_ids: [pollMessages.unknownOption] }],
      [[], { option_ids: ['Кеминде 1 болушу керек.'] }],
      [[a, a], { option_ids: ['Бир вариант эки жолу тандалбайт.'] }],
    ];
    for (const [ids, errors] of cases) {
      const response = await vote(bob, poll, ids);
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await ballotRows(poll.id)).toEqual([]);
  });

  it('lets a multiple-choice ballot pick up to max_choices options', async () => {
    const poll = await createPoll(moderator, {
      options: ['А', 'Б', 'В', 'Г'],
      multiple: true,
      max_choices: 2,
    });
    const [a, b, c] = poll.options.map((option) => option.id) as [number, number, number];
    const tooMany = await vote(bob, poll, [a, b, c]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ option_ids: [pollMessages.tooManyChoices(2)] });

    expect((await vote(bob, poll, [c, a])).json<Poll>().my_vote).toEqual([a, c]);
    const second = await vote(carol, poll, [a]);
    expect(second.json<Poll>().results).toEqual({
      total_voters: 2,
      options: [
        { id: a, text: 'А', votes: 2, percent: 100 },
        { id: b, text: 'Б', votes: 0, percent: 0 },
        { id: c, text: 'В', votes: 1, percent: 50 },
        { id: poll.options[3]!.id, text: 'Г', votes: 0, percent: 0 },
      ],
    });
  });

  it('keeps the first ballot when the poll does not allow changes', async () => {
    const poll = await createPoll(moderator, { allow_change: false });
    const [yes, no] = poll.options.map((option) => option.id) as [number, number];
    expect((await vote(alice, poll, [yes])).statusCode).toBe(200);
    const change = await vote(alice, poll, [no]);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ detail: pollMessages.alreadyVoted });
    const withdraw = await app.inject({
      method: 'DELETE',
      url: `/api/polls/${poll.id}/vote/`,
      headers: alice.headers,
    });
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json()).toEqual({ detail: pollMessages.changeNotAllowed });
    expect(await ballotRows(poll.id)).toEqual([{ user_id: alice.id, option_id: yes }]);
  });

  it('refuses guests', async () => {
    const poll = await createPoll();
    expect((await post(null, `/api/polls/${poll.id}/vote/`, { option_ids: [1] })).statusCode).toBe(
      401,
    );
  });
});

describe('concurrent ballots', () => {
  it('counts 50 users voting at once exactly, on one ballot each', async () => {
    const poll = await createPoll(moderator, { options: ['А', 'Б', 'В'] });
    const voters: TestUser[] = [];
    for (let i = 0; i < 50; i += 1) voters.push(await createTestUser(app));
    const responses = await Promise.all(
      voters.map((voter, i) => vote(voter, poll, [poll.options[i % 3]!.id])),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(50).fill(200));

    const results = await app.inject({
      url: `/api/polls/${poll.id}/results/`,
      headers: moderator.headers,
    });
    expect(results.json<PollResults>()).toMatchObject({
      total_voters: 50,
      options: [
        { votes: 17, percent: 34 },
        { votes: 17, percent: 34 },
        { votes: 16, percent: 32 },
      ],
    });
    expect(await ballotRows(poll.id)).toHaveLength(50);
  });

  it('keeps one ballot when one user sends 50 ballots in parallel (changes allowed)', async () => {
    const poll = await createPoll(moderator, { options: ['А', 'Б', 'В'], multiple: true });
    const [a, b, c] = poll.options.map((option) => option.id) as [number, number, number];
    const choices = [[a, b], [c], [b, c], [a]];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => vote(carol, poll, choices[i % choices.length]!)),
    );
    // Every request is a valid change of the one ballot: none fails, none is a 500.
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(50).fill(200));

    const rows = await ballotRows(poll.id);
    const final = rows.map((row) => row.option_id);
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set([carol.id]));
    // The last ballot wins whole: never a mix of two requests.
    expect(choices.map((set) => [...set].sort((x, y) => x - y))).toContainEqual(final);
    const [ballots] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from ${pollBallots} where poll_id = ${poll.id}`,
    );
    expect(ballots?.n).toBe(1);
    const view = await getPoll(carol, poll.id);
    expect(view.total_voters).toBe(1);
    expect(view.my_vote).toEqual(final);
  });

  it('accepts exactly one of 50 parallel ballots of one user when changes are not allowed', async () => {
    const poll = await createPoll(moderator, { allow_change: false });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => vote(bob, poll, [poll.options[i % 2]!.id])),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(49).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ detail: pollMessages.alreadyVoted });
    }
    const winner = responses.find((response) => response.statusCode === 200)!.json<Poll>();
    expect(await ballotRows(poll.id)).toEqual([{ user_id: bob.id, option_id: winner.my_vote[0] }]);
  });
});

describe('results visibility', () => {
  it('shows results to voters, the creator and moderators live; 403 to others', async () => {
    const creator = await createTestUser(app, { role: 'moderator' });
    const poll = await createPoll(creator, { anonymous: false });
    const url = `/api/polls/${poll.id}/results/`;

    const hidden = await app.inject({ url, headers: bob.headers });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toEqual({ detail: pollMessages.resultsHidden });

    await vote(bob, poll, [poll.options[0]!.id]);
    expect((await app.inject({ url, headers: bob.headers })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: otherModerator.headers })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: carol.headers })).statusCode).toBe(403);

    // The creator keeps the live view even after losing the moderator role.
    await app.db.update(users).set({ role: 'user' }).where(eq(users.id, creator.id));
    expect((await app.inject({ url, headers: creator.headers })).statusCode).toBe(200);
    expect((await getPoll(creator, poll.id)).total_voters).toBe(1);
  });

  it('shows finished results to everyone, canceled ones only to those who could see them', async () => {
    const finished = await createPoll();
    const canceled = await createPoll();
    await vote(alice, finished, [finished.options[0]!.id]);
    await vote(alice, canceled, [canceled.options[0]!.id]);
    await post(moderator, `/api/polls/${finished.id}/finish/`);
    await post(moderator, `/api/polls/${canceled.id}/cancel/`, { reason: 'Суроо туура эмес.' });

    const open = await app.inject({
      url: `/api/polls/${finished.id}/results/`,
      headers: carol.headers,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json<PollResults>().total_voters).toBe(1);
    expect((await getPoll(carol, finished.id)).total_voters).toBe(1);

    const closed = await app.inject({
      url: `/api/polls/${canceled.id}/results/`,
      headers: carol.headers,
    });
    expect(closed.statusCode).toBe(403);
    expect((await getPoll(alice, canceled.id)).total_voters).toBe(1);
  });

  it('lists who chose what only in open polls', async () => {
    const open = await createPoll(moderator, { anonymous: false });
    const secret = await createPoll(moderator);
    for (const poll of [open, secret]) {
      await vote(alice, poll, [poll.options[0]!.id]);
      await vote(bob, poll, [poll.options[1]!.id]);
    }
    const openResults = (
      await app.inject({ url: `/api/polls/${open.id}/results/`, headers: alice.headers })
    ).json<PollResults>();
    expect(openResults).toEqual({
      total_voters: 2,
      anonymous: false,
      options: [
        {
          id: open.options[0]!.id,
          text: 'Жайында',
          votes: 1,
          percent: 50,
          voters: [{ id: alice.id, username: alice.username, full_name: 'Алиса Асанова' }],
        },
        {
          id: open.options[1]!.id,
          text: 'Күзүндө',
          votes: 1,
          percent: 50,
          voters: [{ id: bob.id, username: bob.username, full_name: '' }],
        },
      ],
    });

    const secretResults = (
      await app.inject({ url: `/api/polls/${secret.id}/results/`, headers: moderator.headers })
    ).json<PollResults>();
    expect(secretResults.anonymous).toBe(true);
    expect(secretResults.options.map((option) => option.voters)).toEqual([null, null]);
    expect(JSON.stringify(secretResults)).not.toContain(alice.username);
  });
});

describe('status transitions', () => {
  it('lets only moderators and admins finish; finished is final', async () => {
    const poll = await createPoll();
    expect((await post(null, `/api/polls/${poll.id}/finish/`)).statusCode).toBe(401);
    expect((await post(alice, `/api/polls/${poll.id}/finish/`)).statusCode).toBe(403);

    const finished = await post(admin, `/api/polls/${poll.id}/finish/`);
    expect(finished.statusCode).toBe(200);
    expect(finished.json<Poll>()).toMatchObject({
      status: 'finished',
      closed_by: { id: admin.id, username: admin.username },
      cancel_reason: null,
    });
    expect(finished.json<Poll>().closed_at).not.toBeNull();

    for (const [url, payload] of [
      [`/api/polls/${poll.id}/finish/`, undefined],
      [`/api/polls/${poll.id}/cancel/`, { reason: 'Кеч болуп калды.' }],
    ] as const) {
      const response = await post(moderator, url, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toEqual({ detail: pollMessages.final });
    }
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/polls/${poll.id}/`,
      headers: moderator.headers,
      payload: { description: 'Жаңы' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('cancels with a stored reason (required); canceled is final', async () => {
    const poll = await createPoll();
    expect((await post(alice, `/api/polls/${poll.id}/cancel/`, { reason: 'Жок' })).statusCode).toBe(
      403,
    );
    const noReason = await post(moderator, `/api/polls/${poll.id}/cancel/`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['Милдеттүү талаа.'] });
    expect((await post(moderator, `/api/polls/${poll.id}/cancel/`, {})).statusCode).toBe(400);

    const canceled = await post(moderator, `/api/polls/${poll.id}/cancel/`, {
      reason: 'Суроо туура эмес коюлган.',
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json<Poll>()).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Суроо туура эмес коюлган.',
      closed_by: { id: moderator.id },
    });
    // Everyone sees the reason.
    expect((await getPoll(alice, poll.id)).cancel_reason).toBe('Суроо туура эмес коюлган.');

    expect((await post(moderator, `/api/polls/${poll.id}/finish/`)).statusCode).toBe(409);
    expect(
      (await post(moderator, `/api/polls/${poll.id}/cancel/`, { reason: 'Дагы.' })).statusCode,
    ).toBe(409);
  });

  it('refuses votes and withdrawals on finished and canceled polls with 409 in Kyrgyz', async () => {
    const finished = await createPoll();
    const canceled = await createPoll();
    await vote(alice, finished, [finished.options[0]!.id]);
    await post(moderator, `/api/polls/${finished.id}/finish/`);
    await post(moderator, `/api/polls/${canceled.id}/cancel/`, { reason: 'Керек эмес.' });

    for (const poll of [finished, canceled]) {
      const response = await vote(bob, poll, [poll.options[0]!.id]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: pollMessages.notActive });
    }
    const withdraw = await app.inject({
      method: 'DELETE',
      url: `/api/polls/${finished.id}/vote/`,
      headers: alice.headers,
    });
    expect(withdraw.statusCode).toBe(409);
    expect(await ballotRows(finished.id)).toHaveLength(1);
  });

  it('answers 404 for transitions of a missing poll', async () => {
    expect((await post(moderator, '/api/polls/999999/finish/')).statusCode).toBe(404);
    expect((await vote(alice, { id: 999999 } as Poll, [1])).statusCode).toBe(404);
  });
});

describe('automatic finish at closes_at', () => {
  it('treats a poll past closes_at as finished on reads and persists it', async () => {
    const poll = await createPoll(moderator, { closes_at: inFuture() });
    await vote(alice, poll, [poll.options[0]!.id]);
    await expire(poll.id);

    // Bob never voted: the finished poll's results are his to see.
    const seen = await getPoll(bob, poll.id);
    expect(seen.status).toBe('finished');
    expect(seen.closed_at).toBe(seen.closes_at);
    expect(seen.closed_by).toBeNull();
    expect(seen.total_voters).toBe(1);
    expect(await storedStatus(poll.id)).toBe('finished');

    const finishedList = (
      await app.inject({ url: '/api/polls/?status=finished&page_size=100', headers: bob.headers })
    ).json<PollList>();
    expect(finishedList.results.map((item) => item.id)).toContain(poll.id);
    const activeList = (
      await app.inject({ url: '/api/polls/?status=active&page_size=100', headers: bob.headers })
    ).json<PollList>();
    expect(activeList.results.map((item) => item.id)).not.toContain(poll.id);
  });

  it('refuses votes, edits and transitions once closes_at has passed', async () => {
    const poll = await createPoll(moderator, { closes_at: inFuture() });
    await expire(poll.id);
    // The vote is the first request after the deadline: it must still be refused.
    const response = await vote(alice, poll, [poll.options[0]!.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: pollMessages.notActive });
    expect(await storedStatus(poll.id)).toBe('finished');
    expect(await ballotRows(poll.id)).toEqual([]);

    expect((await post(moderator, `/api/polls/${poll.id}/finish/`)).statusCode).toBe(409);
    expect(
      (await post(moderator, `/api/polls/${poll.id}/cancel/`, { reason: 'Кеч.' })).statusCode,
    ).toBe(409);
  });

  it('computes the status even when the row has not been updated yet', async () => {
    const poll = await createPoll(moderator, { closes_at: inFuture() });
    await vote(alice, poll, [poll.options[0]!.id]);
    await expire(poll.id);
    // Results read straight after the deadline: visible to a non-voter as finished.
    const results = await app.inject({
      url: `/api/polls/${poll.id}/results/`,
      headers: carol.headers,
    });
    expect(results.statusCode).toBe(200);
    expect(results.json<PollResults>().total_voters).toBe(1);
  });
});

describe('editing and deleting', () => {
  it('lets moderators edit anything before the first vote', async () => {
    const poll = await createPoll();
    const patch = (user: TestUser, payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/polls/${poll.id}/`,
        headers: user.headers,
        payload,
      });
    expect((await patch(alice, { question: 'Башка?' })).statusCode).toBe(403);

    const response = await patch(moderator, {
      question: 'Жаңы суроо?',
      options: ['Бир', 'Эки', 'Үч'],
      multiple: true,
      anonymous: false,
      allow_change: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Poll>()).toMatchObject({
      question: 'Жаңы суроо?',
      multiple: true,
      max_choices: null,
      anonymous: false,
      allow_change: false,
    });
    expect(response.json<Poll>().options.map((option) => option.text)).toEqual([
      'Бир',
      'Эки',
      'Үч',
    ]);

    const badMax = await patch(moderator, { options: ['Бир', 'Эки'], max_choices: 3 });
    expect(badMax.statusCode).toBe(400);
    expect(badMax.json()).toEqual({ max_choices: ['Варианттардын санынан ашпашы керек.'] });
    const dup = await patch(moderator, { options: ['Бир', 'БИР'] });
    expect(dup.json()).toEqual({ 'options.1': ['Варианттар кайталанбашы керек.'] });

    const single = await patch(moderator, { multiple: false });
    expect(single.json<Poll>()).toMatchObject({ multiple: false, max_choices: 1 });
  });

  it('freezes the ballot once someone has voted; description and deadline stay editable', async () => {
    const poll = await createPoll();
    await vote(bob, poll, [poll.options[0]!.id]);
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/polls/${poll.id}/`,
        headers: moderator.headers,
        payload,
      });
    for (const payload of [
      { options: ['Жайында', 'Күзүндө', 'Кышында'] },
      { options: ['Күзүндө', 'Жайында'] },
      { question: 'Башка суроо?' },
      { anonymous: false },
      { multiple: true },
      { allow_change: false },
    ]) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json()).toEqual({ detail: pollMessages.frozen });
    }
    const closesAt = inFuture(7 * 24 * 3600_000);
    const allowed = await patch({
      description: 'Кошумча маалымат',
      closes_at: closesAt,
      // Unchanged values are not changes.
      options: ['Жайында', 'Күзүндө'],
      question: poll.question,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<Poll>()).toMatchObject({
      description: 'Кошумча маалымат',
      closes_at: closesAt,
    });
    expect(allowed.json<Poll>().options).toEqual(poll.options);
    expect((await patch({ closes_at: null })).json<Poll>().closes_at).toBeNull();
    expect(await ballotRows(poll.id)).toHaveLength(1);
  });

  it('deletes only polls without votes', async () => {
    const poll = await createPoll();
    const del = (user: TestUser) =>
      app.inject({ method: 'DELETE', url: `/api/polls/${poll.id}/`, headers: user.headers });
    expect((await del(alice)).statusCode).toBe(403);

    await vote(alice, poll, [poll.options[0]!.id]);
    const refused = await del(moderator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: pollMessages.deleteWithVotes });

    await app.inject({
      method: 'DELETE',
      url: `/api/polls/${poll.id}/vote/`,
      headers: alice.headers,
    });
    const deleted = await del(moderator);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await app.inject({ url: `/api/polls/${poll.id}/`, headers: alice.headers });
    expect(gone.statusCode).toBe(404);
    expect((await del(moderator)).statusCode).toBe(404);
  });
});

describe('demonstration data', () => {
  it('loads a labelled sample poll created by the first admin', async () => {
    expect(await loadDemoDataOnce(app.db)).toBe(true);
    const list = (
      await app.inject({ url: '/api/polls/?page_size=100', headers: alice.headers })
    ).json<PollList>();
    const sample = list.results.filter((poll) => poll.question === SAMPLE_POLL_QUESTION);
    expect(sample).toHaveLength(1);
    expect(sample[0]).toMatchObject({ status: 'active', created_by: { id: admin.id } });
    expect(sample[0]!.description).toContain('үлгү');
    expect(await loadDemoDataOnce(app.db)).toBe(false);
  });

  it('skips the sample poll when no admin exists yet', async () => {
    const database = await createTestDatabase();
    try {
      expect(await loadDemoDataOnce(database.db)).toBe(true);
      expect(await database.db.select().from(polls)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the poll routes', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/polls/',
      '/api/polls/{id}/',
      '/api/polls/{id}/vote/',
      '/api/polls/{id}/finish/',
      '/api/polls/{id}/cancel/',
      '/api/polls/{id}/results/',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
