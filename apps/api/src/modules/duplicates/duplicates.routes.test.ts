import type { DuplicateList, DuplicateRun, Person } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import { insertPlantedTree, plantedTree } from './duplicates.test-support';

let app: App;
let moderator: TestUser;
let admin: TestUser;
/** Tree ids of the planted tree's persons, by index. */
let ids: number[];
/** The planted duplicates as `${smaller id}-${larger id}`. */
let truth: Set<string>;

const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

async function list(query = '', user: TestUser = moderator): Promise<DuplicateList> {
  const response = await app.inject({
    url: `/api/persons/duplicates/${query}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DuplicateList>();
}

/** Every listed pair, every page. */
async function allPairs(): Promise<DuplicateList['results']> {
  const pairs: DuplicateList['results'] = [];
  for (let page = 1; ; page++) {
    const body = await list(`?page=${page}&page_size=100`);
    pairs.push(...body.results);
    if (body.next === null) return pairs;
  }
}

/** Queues a run and waits until the list reports it done. */
async function refresh(full: boolean): Promise<DuplicateRun> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/persons/duplicates/refresh/',
    headers: moderator.headers,
    payload: { full },
  });
  expect(response.statusCode, response.body).toBe(202);
  for (let i = 0; i < 600; i++) {
    const { run } = await list('?page_size=1');
    if (run && (run.status === 'done' || run.status === 'failed')) {
      expect(run.error).toBeNull();
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the duplicate run did not finish');
}

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
  const planted = plantedTree();
  ids = await insertPlantedTree(app, planted.persons);
  truth = new Set(planted.truth.map(([a, b]) => key(ids[a] ?? 0, ids[b] ?? 0)));
}, 180_000);

describe('duplicate finder', () => {
  it('refuses guests (401) and members (403); the path is not taken for a person id', async () => {
    const member = await createTestUser(app);
    const calls = [
      { method: 'GET' as const, url: '/api/persons/duplicates/' },
      {
        method: 'POST' as const,
        url: '/api/persons/duplicates/not-same/',
        payload: { a: 1, b: 2 },
      },
      {
        method: 'DELETE' as const,
        url: '/api/persons/duplicates/not-same/',
        payload: { a: 1, b: 2 },
      },
      { method: 'POST' as const, url: '/api/persons/duplicates/refresh/', payload: {} },
    ];
    for (const call of calls) {
      expect((await app.inject(call)).statusCode, call.url).toBe(401);
      expect((await app.inject({ ...call, headers: member.headers })).statusCode, call.url).toBe(
        403,
      );
    }
  });

  it('finds the planted copies of a branch: precision and recall at least 0.9', async () => {
    const run = await refresh(true);
    expect(run).toMatchObject({ status: 'done', full: true });
    const pairs = await allPairs();
    const found = pairs.map((pair) => key(pair.a.id, pair.b.id));
    const hits = found.filter((pair) => truth.has(pair)).length;
    const precision = hits / found.length;
    const recall = hits / truth.size;
    expect(truth.size).toBeGreaterThanOrEqual(30);
    expect(precision, `precision ${hits}/${found.length}`).toBeGreaterThanOrEqual(0.9);
    expect(recall, `recall ${hits}/${truth.size}`).toBeGreaterThanOrEqual(0.9);
    // Best first, each with both persons' summaries and its reasons.
    const scores = pairs.map((pair) => pair.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    const [best] = pairs;
    expect(best?.a.id).toBeLessThan(best?.b.id ?? 0);
    expect(best?.reasons.length).toBeGreaterThan(0);
    expect(best?.reasons[0]?.code).toMatch(/^name_/);
  });

  it('pages as the other lists and filters by branch and clan', async () => {
    const first = await list('?page_size=5', admin);
    expect(first.results).toHaveLength(5);
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const pair = first.results[0];
    if (!pair) throw new Error('no pair');
    const branch = await list(`?branch=${pair.b.id}&page_size=100`);
    expect(branch.results.map((p) => key(p.a.id, p.b.id))).toContain(key(pair.a.id, pair.b.id));
    expect(branch.count).toBeLessThan(first.count);
    // A clan founded on the third founder's line: none of the copied branch is in it unless it
    // descends from him, so every listed pair has a person below him.
    const founder = ids[0] ?? 0;
    const clan = await app.inject({
      method: 'POST',
      url: '/api/clans/',
      headers: moderator.headers,
      payload: { name: 'Багыш уруусу', founder_id: founder },
    });
    expect(clan.statusCode, clan.body).toBe(201);
    const inClan = await list(`?clan=${clan.json<{ id: number }>().id}&page_size=100`);
    expect(inClan.count).toBeLessThanOrEqual(first.count);
    expect((await list('?clan=999999')).count).toBe(0);
    expect((await list('?branch=999999')).count).toBe(0);
  });

  it('never lists a pair marked "not the same", even after a rebuild or an edit', async () => {
    const [pair] = (await list('?page_size=1')).results;
    if (!pair) throw new Error('no pair');
    const body = { a: pair.b.id, b: pair.a.id };
    const marked = await app.inject({
      method: 'POST',
      url: '/api/persons/duplicates/not-same/',
      headers: moderator.headers,
      payload: body,
    });
    expect(marked.statusCode, marked.body).toBe(204);
    const listed = async () =>
      (await allPairs()).some((p) => key(p.a.id, p.b.id) === key(pair.a.id, pair.b.id));
    expect(await listed()).toBe(false);

    await refresh(true);
    expect(await listed()).toBe(false);
    // The person written again: the incremental run rescores them, still not listed.
    const person = await app.inject({ url: `/api/persons/${pair.a.id}/` });
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${pair.a.id}/`,
      headers: moderator.headers,
      payload: { version: person.json<Person>().version, biography: 'Өзгөртүлдү' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const incremental = await refresh(false);
    expect(incremental.full).toBe(false);
    expect(await listed()).toBe(false);

    // Taken back: listed again at once.
    const undo = await app.inject({
      method: 'DELETE',
      url: '/api/persons/duplicates/not-same/',
      headers: moderator.headers,
      payload: body,
    });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await listed()).toBe(true);
  });

  it('refuses bad pairs with a Kyrgyz error, changing nothing', async () => {
    const before = (await list()).count;
    const same = await app.inject({
      method: 'POST',
      url: '/api/persons/duplicates/not-same/',
      headers: moderator.headers,
      payload: { a: ids[1], b: ids[1] },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<Record<string, string[]>>().b?.[0]).toMatch(/өзү менен/);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/persons/duplicates/not-same/',
      headers: moderator.headers,
      payload: { a: ids[1], b: 999_999 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Record<string, string[]>>().b?.[0]).toBe('Мындай инсан табылган жок.');
    expect((await list()).count).toBe(before);
  });

  it('drops the pairs of a deleted person and rescores what was written since', async () => {
    // A new namesake of a listed person, with the same father line and year: found by the
    // incremental run (the list queues one by itself a minute after the last).
    const pairs = await allPairs();
    const target = pairs.find((p) => p.a.father_id !== null)?.a;
    if (!target) throw new Error('no pair with a father');
    const twin = await addPerson(app, moderator, {
      name: target.name,
      sex: target.sex,
      birth_year: target.birth_year,
      father_id: target.father_id,
    });
    await refresh(false);
    const withTwin = await allPairs();
    expect(withTwin.some((p) => key(p.a.id, p.b.id) === key(target.id, twin.id))).toBe(true);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${twin.id}/`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await allPairs()).some((p) => p.a.id === twin.id || p.b.id === twin.id)).toBe(false);
  });
});
