import {
  mergeMessages,
  personMessages,
  revisionMessages,
  type MergePreview,
  type MergeResult,
  type Person,
  type Revision,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { posts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import { addNote, addPlace, addSource } from '../persons/records.factories';

/**
 * Merging two persons (docs/genealogy.md, Merging persons): the preview, the merge's rules and
 * refusals, members' proposals, old ids, and the revert that gives back every read exactly.
 */

// Every read of a dozen persons, twice, several times a test.
vi.setConfig({ testTimeout: 120_000 });

let app: App;
let moderator: TestUser;
let member: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
});

async function get<T>(url: string, user?: TestUser): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: user?.headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const person = (id: number) => get<Person>(`/api/persons/${id}/`, moderator);

async function merge(user: TestUser, a: Person, b: Person, choices: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/persons/merge/',
    headers: user.headers,
    payload: { a: a.id, b: b.id, versions: { a: a.version, b: b.version }, choices },
  });
}

async function revert(revisionId: number) {
  return app.inject({
    method: 'POST',
    url: `/api/revisions/${revisionId}/revert/`,
    headers: moderator.headers,
    payload: {},
  });
}

async function patch(id: number, body: object) {
  const current = await person(id);
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/persons/${id}/`,
    headers: moderator.headers,
    payload: { ...body, version: current.version },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Person>();
}

/** Everything the site reads of these persons, as a guest and as a moderator, and the tree. */
async function readAll(ids: readonly number[]): Promise<string> {
  const out: Record<string, unknown> = {};
  const reads = [
    '',
    'children/',
    'family/',
    'ancestors/',
    'descendants/',
    'pedigree/',
    'descendant-chart/',
  ];
  for (const id of ids) {
    for (const user of [undefined, moderator]) {
      for (const read of reads) {
        const url = `/api/persons/${id}/${read}`;
        const response = await app.inject({ method: 'GET', url, headers: user?.headers });
        out[`${user ? 'moderator' : 'guest'} ${url}`] = [response.statusCode, response.body];
      }
    }
    out[`articles ${id}`] = (
      await app.inject({ method: 'GET', url: `/api/person-articles/?person=${id}` })
    ).body;
  }
  out.stats = (await app.inject({ method: 'GET', url: '/api/stats/' })).body;
  out.list = (await app.inject({ method: 'GET', url: '/api/persons/?page_size=100' })).body;
  out.search = (await app.inject({ method: 'GET', url: '/api/search/?q=Асан' })).body;
  return JSON.stringify(out, null, 1);
}

/**
 * A family with everything a merge touches: two records of one man (Асан and Асанбек) under
 * different fathers, each with names, events, citations, notes, media, a wife they share and
 * one of his own, sons with lines below them, a mother, an adoptive family, an article.
 */
async function family() {
  const tag = Math.random().toString(36).slice(2, 6);
  const grandfather = await addPerson(app, moderator, { name: `Бакай ${tag}`, sex: 'M' });
  const father1 = await addPerson(app, moderator, {
    name: `Төлөк ${tag}`,
    sex: 'M',
    father_id: grandfather.id,
  });
  const father2 = await addPerson(app, moderator, { name: `Тилек ${tag}`, sex: 'M' });
  const mother = await addPerson(app, moderator, { name: `Айша ${tag}`, sex: 'F' });
  const wife = await addPerson(app, moderator, { name: `Бүбү ${tag}`, sex: 'F' });
  const wife2 = await addPerson(app, moderator, { name: `Сайра ${tag}`, sex: 'F' });
  const adopter = await addPerson(app, moderator, { name: `Кубат ${tag}`, sex: 'M' });
  const source = await addSource(app, { title: `Санжыра ${tag}` });
  const place = await addPlace(app, `Талас ${tag}`);
  const note = await addNote(app, `Эскертүү ${tag}`);
  const file = await createTestFileRow(app, moderator.id);
  const a = await addPerson(app, moderator, {
    name: `Асан ${tag}`,
    sex: 'M',
    father_id: father1.id,
    spouse_ids: [wife.id],
    biography: 'Малчы болгон.',
    names: [{ kind: 'birth', given: 'Асан', full_name: `Асан ${tag}` }],
    events: [{ type: 'birth', date: '1890', place_id: place }],
    citations: [{ source_id: source, page: '12' }],
    note_ids: [note],
    unions: [{ spouse_id: wife.id, position: 1, events: [{ type: 'marriage', date: '1910' }] }],
  });
  const b = await addPerson(app, moderator, {
    name: `Асанбек ${tag}`,
    sex: 'M',
    father_id: father2.id,
    mother_id: mother.id,
    spouse_ids: [wife.id, wife2.id],
    death_year: 1950,
    names: [{ kind: 'aka', full_name: `Асеке ${tag}` }],
    events: [
      { type: 'death', date: '1950' },
      { type: 'occupation', value: 'уста', citations: [{ source_id: source, page: '40' }] },
    ],
    citations: [{ source_id: source, page: '13' }],
    note_ids: [note],
    media: [{ file_id: file, title: 'Сүрөт' }],
    parent_families: [{ father_id: adopter.id, relation: 'adopted' }],
    unions: [
      { spouse_id: wife.id, position: 1, events: [{ type: 'marriage', date: 'ABT 1910' }] },
      { spouse_id: wife2.id, position: 2 },
    ],
  });
  const sonOfA = await addPerson(app, moderator, {
    name: `Үсөн ${tag}`,
    sex: 'M',
    father_id: a.id,
  });
  const sonOfB = await addPerson(app, moderator, {
    name: `Качкын ${tag}`,
    sex: 'M',
    father_id: b.id,
    mother_id: wife2.id,
  });
  const grandson = await addPerson(app, moderator, {
    name: `Жолдош ${tag}`,
    sex: 'M',
    father_id: sonOfB.id,
  });
  await app.db.insert(posts).values({
    kind: 'article',
    title: `Асанбек жөнүндө ${tag}`,
    personId: b.id,
    status: 'published',
    publishedAt: new Date(),
  });
  const relatives = [grandfather, father1, father2, mother, wife, wife2, adopter];
  const all = [a, b, sonOfA, sonOfB, grandson, ...relatives].map((p) => p.id);
  return {
    a: await person(a.id),
    b: await person(b.id),
    father1,
    father2,
    grandfather,
    mother,
    wife,
    wife2,
    sonOfA,
    sonOfB,
    grandson,
    all,
  };
}

describe('the merge preview', () => {
  it('shows both persons, the records to combine, the recommendation and the two fathers', async () => {
    const f = await family();
    const preview = await get<MergePreview>(`/api/persons/merge/?a=${f.a.id}&b=${f.b.id}`, member);
    expect(preview.a.id).toBe(f.a.id);
    expect(preview.b.fields.name).toBe(f.b.name);
    expect(preview.fathers_differ).toBe(true);
    expect(preview.refusal).toBeNull();
    expect(preview.a.father?.id).toBe(f.father1.id);
    expect(preview.b.father?.id).toBe(f.father2.id);
    expect(preview.b.children.map((c) => c.id)).toEqual([f.sonOfB.id]);
    expect(preview.b.spouses.map((s) => s.id).sort()).toEqual([f.wife.id, f.wife2.id].sort());
    expect(preview.b.counts).toMatchObject({ citations: 1, notes: 1, media: 1, articles: 1 });
    expect(preview.b.events.map((e) => e.label)).toEqual(['death', 'occupation']);
    const field = (name: string) => preview.fields.find((f) => f.field === name);
    // The survivor's value unless it has none.
    expect(field('name')).toMatchObject({ differs: true, recommended: 'a' });
    expect(field('death_year')).toMatchObject({ differs: true, recommended: 'b' });
    expect(field('biography')).toMatchObject({ recommended: 'a' });
    expect(field('mother_id')).toMatchObject({ recommended: 'b' });
  });

  it('is for signed-in readers only, and names what cannot be merged', async () => {
    const f = await family();
    const url = `/api/persons/merge/?a=${f.a.id}&b=${f.b.id}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const self = await app.inject({
      method: 'GET',
      url: `/api/persons/merge/?a=${f.a.id}&b=${f.a.id}`,
      headers: member.headers,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ detail: mergeMessages.self });
    const ancestor = await get<MergePreview>(
      `/api/persons/merge/?a=${f.a.id}&b=${f.father1.id}`,
      member,
    );
    expect(ancestor.refusal).toBe(mergeMessages.ownAncestor);
  });
});

describe('merging', () => {
  it('keeps the survivor, takes the chosen values, combines every record and moves the lines', async () => {
    const f = await family();
    const response = await merge(moderator, f.a, f.b, { father_id: 'b', name: 'b' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<MergeResult>();
    expect(result).toMatchObject({ status: 'applied', survivor_id: f.a.id });

    const merged = await person(f.a.id);
    expect(merged.name).toBe(f.b.name);
    expect(merged.father_id).toBe(f.father2.id);
    expect(merged.mother_id).toBe(f.mother.id);
    expect(merged.death_year).toBe(1950);
    expect(merged.birth_year).toBe(1890);
    expect(merged.biography).toBe('Малчы болгон.');
    expect(merged.version).toBe(f.a.version + 1);
    // The other spelling is an alternative name; both persons' names are kept.
    const tag = f.a.name.split(' ')[1] ?? '';
    expect(merged.names.map((n) => n.full_name)).toEqual([f.a.name, `Асеке ${tag}`]);
    expect(merged.events.map((e) => e.type).sort()).toEqual(['birth', 'death', 'occupation']);
    expect(merged.citations.map((c) => c.page)).toEqual(['12', '13']);
    // The same note linked by both is linked once.
    expect(merged.notes).toHaveLength(1);
    expect(merged.media).toHaveLength(1);
    expect(merged.parent_families.map((p) => p.relation)).toContain('adopted');
    // The shared wife is one union with both marriages' details; the other wife moved over.
    expect(merged.unions.map((u) => u.spouse.id).sort()).toEqual([f.wife.id, f.wife2.id].sort());
    const shared = merged.unions.find((u) => u.spouse.id === f.wife.id);
    expect(shared?.events.map((e) => e.date?.text).sort()).toEqual(['1910', 'ABT 1910']);

    // Children of both under the survivor, lines re-derived.
    const children = await get<{ results: { id: number }[] }>(`/api/persons/${f.a.id}/children/`);
    expect(children.results.map((c) => c.id).sort()).toEqual([f.sonOfA.id, f.sonOfB.id].sort());
    const grandson = await person(f.grandson.id);
    expect(grandson.generation).toBe(merged.generation + 2);
    const ancestors = await get<{ results: { id: number }[] }>(
      `/api/persons/${f.grandson.id}/ancestors/`,
    );
    expect(ancestors.results.map((p) => p.id)).toEqual([f.sonOfB.id, f.a.id, f.father2.id]);
    const counts = await queryRows<{ id: number; descendant_count: number }>(
      app.db,
      sql`select id, descendant_count from persons
          where id in (${f.grandfather.id}, ${f.father1.id}, ${f.father2.id}, ${f.a.id})
          order by id`,
    );
    expect(Object.fromEntries(counts.map((c) => [c.id, c.descendant_count]))).toEqual({
      [f.grandfather.id]: 1,
      [f.father1.id]: 0,
      [f.father2.id]: 4,
      [f.a.id]: 3,
    });
    // The article now names the survivor.
    const [article] = await queryRows<{ person_id: number }>(
      app.db,
      sql`select person_id from posts where title like ${`Асанбек жөнүндө%`}
          order by id desc limit 1`,
    );
    expect(article?.person_id).toBe(f.a.id);
    // The revision is the survivor's, in the moderation history.
    const revision = await get<Revision>(`/api/revisions/${result.revision_id}/`, moderator);
    expect(revision.person_id).toBe(f.a.id);
    expect(revision.status).toBe('applied');
    // It reads as a change of the survivor: the fields the merge changed, and whom it took in.
    expect(revision.before).toMatchObject({
      name: f.a.name,
      father_id: f.father1.id,
      mother_id: null,
      death_year: null,
    });
    expect(revision.after).toMatchObject({
      name: f.b.name,
      father_id: f.father2.id,
      mother_id: f.mother.id,
      death_year: 1950,
      merged_id: f.b.id,
    });
  });

  it('answers the old id with the survivor: the API with its body, the page with a 301', async () => {
    const f = await family();
    const response = await merge(moderator, f.a, f.b, { father_id: 'a' });
    expect(response.statusCode, response.body).toBe(200);
    const old = await get<Person>(`/api/persons/${f.b.id}/`);
    expect(old.id).toBe(f.a.id);
    // The merged person's spelling stays as an alternative name of the survivor.
    expect(old.names.map((n) => n.full_name)).toContain(f.b.name);
    const page = await app.inject({ method: 'GET', url: `/persons/${f.b.id}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/persons/${f.a.id}`);
    // A survivor merged on in its turn: the old id follows the chain.
    const third = await addPerson(app, moderator, { name: 'Асан', sex: 'M' });
    const again = await merge(moderator, third, await person(f.a.id));
    expect(again.statusCode, again.body).toBe(200);
    expect((await get<Person>(`/api/persons/${f.b.id}/`)).id).toBe(third.id);
    const chained = await app.inject({ method: 'GET', url: `/persons/${f.b.id}` });
    expect(chained.headers.location).toBe(`/persons/${third.id}`);
  });

  it('refuses two fathers with no choice, in Kyrgyz, and changes nothing', async () => {
    const f = await family();
    const before = await readAll(f.all);
    const response = await merge(moderator, f.a, f.b);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: mergeMessages.fathersDiffer });
    expect(await readAll(f.all)).toBe(before);
  });

  it('refuses a person into themselves, an ancestor, a spouse, a stale version, a person gone', async () => {
    const f = await family();
    const before = await readAll(f.all);
    const self = await merge(moderator, f.a, f.a);
    expect([self.statusCode, self.json()]).toEqual([422, { detail: mergeMessages.self }]);
    const ancestor = await merge(moderator, f.a, await person(f.father1.id));
    expect([ancestor.statusCode, ancestor.json()]).toEqual([
      422,
      { detail: mergeMessages.ownAncestor },
    ]);
    const grandson = await merge(moderator, await person(f.grandson.id), f.b, { father_id: 'a' });
    expect(grandson.json()).toEqual({ detail: mergeMessages.ownAncestor });
    const spouse = await merge(moderator, await person(f.wife.id), await person(f.wife2.id));
    expect(spouse.statusCode).toBe(200);
    const wife = await person(f.wife.id);
    // (merging the two wives changed the tree: read again before the next checks)
    const married = await merge(moderator, f.a, wife);
    expect([married.statusCode, married.json()]).toEqual([422, { detail: mergeMessages.spouses }]);
    const stale = await merge(moderator, { ...f.a, version: f.a.version + 5 }, f.sonOfA);
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { detail: personMessages.staleVersion },
    ]);
    const gone = await merge(moderator, f.a, { ...f.b, id: 2_000_000 });
    expect([gone.statusCode, gone.json()]).toEqual([404, { detail: mergeMessages.gone }]);
    const guest = await app.inject({
      method: 'POST',
      url: '/api/persons/merge/',
      payload: { a: f.a.id, b: f.b.id, versions: { a: 1, b: 1 } },
    });
    expect(guest.statusCode).toBe(401);
    await revert(spouse.json<MergeResult>().revision_id);
    expect(await readAll(f.all)).toBe(before);
  });

  it('refuses a father and a mother, and a sex that fits neither', async () => {
    const tag = Math.random().toString(36).slice(2, 6);
    const man = await addPerson(app, moderator, { name: `Эр ${tag}`, sex: 'M' });
    const woman = await addPerson(app, moderator, { name: `Аял ${tag}`, sex: 'F' });
    await addPerson(app, moderator, { name: `Бала ${tag}`, father_id: man.id });
    await addPerson(app, moderator, { name: `Кыз ${tag}`, mother_id: woman.id });
    const both = await merge(moderator, man, woman);
    expect([both.statusCode, both.json()]).toEqual([
      422,
      { detail: mergeMessages.fatherAndMother },
    ]);
    const lone = await addPerson(app, moderator, { name: `Аял2 ${tag}`, sex: 'F' });
    const sex = await merge(moderator, man, lone, { sex: 'b' });
    expect([sex.statusCode, sex.json()]).toEqual([422, { detail: mergeMessages.sexOfParent }]);
  });
});

describe('a member’s merge', () => {
  it('waits as a proposal a moderator accepts; accepted at a stale version it is refused', async () => {
    const f = await family();
    const before = await readAll(f.all);
    const response = await merge(member, f.a, f.b, { father_id: 'a' });
    expect(response.statusCode, response.body).toBe(202);
    const pending = response.json<MergeResult>();
    expect(pending.status).toBe('pending');
    expect(await readAll(f.all)).toBe(before);
    const mine = await get<{ results: Revision[] }>('/api/revisions/?status=pending', member);
    expect(mine.results.map((r) => r.id)).toContain(pending.revision_id);

    const accept = await app.inject({
      method: 'POST',
      url: `/api/revisions/${pending.revision_id}/accept/`,
      headers: moderator.headers,
      payload: {},
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await get<Person>(`/api/persons/${f.b.id}/`)).id).toBe(f.a.id);

    // A second proposal on the survivor at the version it had: 409, nothing changed.
    const g = await family();
    const late = await merge(member, g.a, g.b, { father_id: 'a' });
    await patch(g.a.id, { biography: 'Кийин өзгөртүлдү.' });
    const after = await readAll(g.all);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/revisions/${late.json<MergeResult>().revision_id}/accept/`,
      headers: moderator.headers,
      payload: {},
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { detail: personMessages.staleVersion },
    ]);
    expect(await readAll(g.all)).toBe(after);
  });

  it('is refused at once when it cannot be done', async () => {
    const f = await family();
    const response = await merge(member, f.a, f.b);
    expect([response.statusCode, response.json()]).toEqual([
      422,
      { detail: mergeMessages.fathersDiffer },
    ]);
  });
});

describe('the revert', () => {
  for (const choices of [
    { father_id: 'b', name: 'b', sex: 'b', birth_year: 'b', death_year: 'a', mother_id: 'a' },
    { father_id: 'a' },
  ]) {
    it(`gives back every read of both persons, their relatives and the tree exactly (${JSON.stringify(choices)})`, async () => {
      const f = await family();
      const before = await readAll(f.all);
      const response = await merge(moderator, f.a, f.b, choices);
      expect(response.statusCode, response.body).toBe(200);
      const { revision_id } = response.json<MergeResult>();
      expect(await readAll(f.all)).not.toBe(before);

      const undo = await revert(revision_id);
      expect(undo.statusCode, undo.body).toBe(201);
      expect(await readAll(f.all)).toBe(before);
      // The old id is the merged person's own again, its page no longer moved.
      expect((await get<Person>(`/api/persons/${f.b.id}/`)).id).toBe(f.b.id);
      const page = await app.inject({ method: 'GET', url: `/persons/${f.b.id}` });
      expect(page.statusCode).not.toBe(301);
      // The revert of the revert is refused: merge again instead.
      const again = await revert(undo.json<Revision>().id);
      expect([again.statusCode, again.json()]).toEqual([
        409,
        { detail: mergeMessages.revertOfRevert },
      ]);
    });
  }

  it('keeps a GEDCOM restriction (RESN) of the merged person on the survivor, and gives it back', async () => {
    const f = await family();
    await app.db.execute(sql`update persons set resn = 'CONFIDENTIAL' where id = ${f.b.id}`);
    const guestSees = async (id: number) =>
      (await get<Person & { restricted: boolean }>(`/api/persons/${id}/`)).restricted;
    expect([await guestSees(f.a.id), await guestSees(f.b.id)]).toEqual([false, true]);

    const response = await merge(moderator, f.a, f.b, { father_id: 'a' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await guestSees(f.a.id)).toBe(true);

    const undo = await revert(response.json<MergeResult>().revision_id);
    expect(undo.statusCode, undo.body).toBe(201);
    expect([await guestSees(f.a.id), await guestSees(f.b.id)]).toEqual([false, true]);
  });

  it('is refused once the survivor changed since, and changes nothing', async () => {
    const f = await family();
    const response = await merge(moderator, f.a, f.b, { father_id: 'a' });
    const { revision_id } = response.json<MergeResult>();
    await patch(f.a.id, { biography: 'Кийин.' });
    const after = await readAll(f.all);
    const undo = await revert(revision_id);
    expect([undo.statusCode, undo.json()]).toEqual([
      409,
      { detail: revisionMessages.changedSince },
    ]);
    expect(await readAll(f.all)).toBe(after);
  });
});
