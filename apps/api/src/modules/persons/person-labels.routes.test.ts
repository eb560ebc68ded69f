import type {
  Ancestors,
  Comparison,
  Descendants,
  Person,
  PersonList,
  PersonSummary,
  RelationsResponse,
  Revision,
  RevisionList,
  SearchResponse,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from './persons.factories';

/**
 * Telling people apart: every person summary, search hit, comparison chain link and
 * revision carries the father's and the grandfather's names.
 */

let app: App;
let moderator: TestUser;
let member: TestUser;
let line: Person[];
let son: Person;
let daughter: Person;
let living: Person;
const currentYear = new Date().getUTCFullYear();

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  line = await addLine(app, moderator, ['Бапа', 'Мырзабек', 'Чоткара']);
  const father = line[2]!;
  son = await addPerson(app, moderator, {
    name: 'Түгөлбай',
    sex: 'M',
    father_id: father.id,
    birth_year: 1827,
    death_year: 1895,
  });
  daughter = await addPerson(app, moderator, { name: 'Түгөлкан', sex: 'F', father_id: father.id });
  // A namesake elsewhere, so that the name alone does not tell them apart.
  const [, otherFather] = await addLine(app, moderator, ['Күмүш', 'Асан']);
  await addPerson(app, moderator, { name: 'Түгөлбай', sex: 'M', father_id: otherFather!.id });
  living = await addPerson(app, moderator, {
    name: 'Түгөлжан',
    sex: 'M',
    father_id: son.id,
    birth_year: currentYear - 30,
  });
});

async function get<T>(url: string, user?: TestUser): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: user?.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const lineageOf = (person: { father_name: string | null; grandfather_name: string | null }) => [
  person.father_name,
  person.grandfather_name,
];

describe('person summaries', () => {
  it('list the father and grandfather names, null at the top of the tree', async () => {
    const list = await get<PersonList>(`/api/persons/?q=${encodeURIComponent('Түгөл')}`);
    const byFather = list.results.map((person) => [person.name, ...lineageOf(person)]);
    expect(byFather).toEqual(
      expect.arrayContaining([
        ['Түгөлбай', 'Чоткара', 'Мырзабек'],
        ['Түгөлбай', 'Асан', 'Күмүш'],
        ['Түгөлкан', 'Чоткара', 'Мырзабек'],
        ['Түгөлжан', 'Түгөлбай', 'Чоткара'],
      ]),
    );
    const roots = await get<PersonList>(`/api/persons/?q=${encodeURIComponent('Бапа')}`);
    expect(lineageOf(roots.results[0]!)).toEqual([null, null]);
    const second = await get<PersonList>(`/api/persons/?q=${encodeURIComponent('Мырзабек')}`);
    expect(lineageOf(second.results[0]!)).toEqual(['Бапа', null]);
  });

  it('carry them on children, ancestors, descendants and the person', async () => {
    const children = await get<PersonList>(`/api/persons/${line[2]!.id}/children/`);
    expect(children.results.map(lineageOf)).toEqual([
      ['Чоткара', 'Мырзабек'],
      ['Чоткара', 'Мырзабек'],
    ]);
    const ancestors = await get<Ancestors>(`/api/persons/${son.id}/ancestors/`);
    expect(ancestors.results.map(lineageOf)).toEqual([
      ['Мырзабек', 'Бапа'],
      ['Бапа', null],
      [null, null],
    ]);
    const descendants = await get<Descendants>(`/api/persons/${line[1]!.id}/descendants/`);
    const grandson = descendants.results.find((person) => person.id === son.id);
    expect(lineageOf(grandson!)).toEqual(['Чоткара', 'Мырзабек']);
    const person = await get<PersonSummary>(`/api/persons/${daughter.id}/`);
    expect(lineageOf(person)).toEqual(['Чоткара', 'Мырзабек']);
  });

  it('show a living person’s lineage names to a guest, and nothing else', async () => {
    const guest = await get<PersonList>(`/api/persons/?q=${encodeURIComponent('Түгөлжан')}`);
    const [shown] = guest.results;
    expect(shown).toMatchObject({
      id: living.id,
      restricted: true,
      sex: 'U',
      birth_year: null,
      father_name: 'Түгөлбай',
      grandfather_name: 'Чоткара',
    });
    const full = await get<PersonList>(`/api/persons/?q=${encodeURIComponent('Түгөлжан')}`, member);
    expect(full.results[0]).toMatchObject({ restricted: false, sex: 'M', father_name: 'Түгөлбай' });
  });
});

describe('search', () => {
  it('gives each namesake its sex, father and grandfather', async () => {
    const { results } = await get<SearchResponse>(
      `/api/search/?q=${encodeURIComponent('Түгөлбай')}`,
    );
    const hits = results.filter((hit) => hit.name === 'Түгөлбай');
    expect(hits.map((hit) => [hit.sex, hit.father_name, hit.grandfather_name])).toEqual(
      expect.arrayContaining([
        ['M', 'Чоткара', 'Мырзабек'],
        ['M', 'Асан', 'Күмүш'],
      ]),
    );
    for (const hit of results) {
      expect(hit.father_name).toBe(hit.lineage[0] ?? null);
      expect(hit.grandfather_name).toBe(hit.lineage[1] ?? null);
    }
  });

  it('hides a living person’s sex from a guest, not the lineage', async () => {
    const query = `/api/search/?q=${encodeURIComponent('Түгөлжан')}`;
    const [guest] = (await get<SearchResponse>(query)).results;
    expect(guest).toMatchObject({
      sex: 'U',
      birth_year: null,
      father_name: 'Түгөлбай',
      grandfather_name: 'Чоткара',
    });
    const [shown] = (await get<SearchResponse>(query, member)).results;
    expect(shown).toMatchObject({ sex: 'M', birth_year: currentYear - 30 });
  });
});

describe('comparison', () => {
  it('labels every link of both chains', async () => {
    const comparison = await get<Comparison>(`/api/comparison/?a=${son.id}&b=${daughter.id}`);
    expect(comparison.chain_a.map((p) => [p.name, ...lineageOf(p)])).toEqual([
      ['Түгөлбай', 'Чоткара', 'Мырзабек'],
      ['Чоткара', 'Мырзабек', 'Бапа'],
    ]);
    expect(comparison.chain_b[0]).toMatchObject({
      name: 'Түгөлкан',
      father_name: 'Чоткара',
      grandfather_name: 'Мырзабек',
    });
  });
});

describe('relations', () => {
  it('labels every person on a relation’s path, to a guest too', async () => {
    const answer = await get<RelationsResponse>(`/api/relations/?a=${son.id}&b=${living.id}`);
    const path = answer.relations[0]?.path ?? [];
    expect(path.map((step) => [step.name, step.father_name, step.grandfather_name])).toEqual([
      ['Түгөлбай', 'Чоткара', 'Мырзабек'],
      ['Түгөлжан', 'Түгөлбай', 'Чоткара'],
    ]);
  });
});

describe('moderation queue', () => {
  it('labels the revision’s person and the persons its fields point to', async () => {
    const proposal = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${daughter.id}/`,
      headers: member.headers,
      payload: { father_id: son.id, version: daughter.version },
    });
    expect(proposal.statusCode, proposal.body).toBe(202);
    const queue = await get<RevisionList>('/api/revisions/?status=pending', moderator);
    const item = queue.results.find((revision) => revision.person_id === daughter.id);
    expect(item?.person).toEqual({
      id: daughter.id,
      name: 'Түгөлкан',
      sex: 'F',
      father_name: 'Чоткара',
      grandfather_name: 'Мырзабек',
      birth_year: null,
      death_year: null,
    });
    expect(item?.before).toMatchObject({ father_id: line[2]!.id });
    expect(item?.after).toMatchObject({ father_id: son.id });
    const linked = Object.fromEntries(
      (item?.linked_persons ?? []).map((person) => [
        person.id,
        [person.name, ...lineageOf(person)],
      ]),
    );
    expect(linked).toEqual({
      [line[2]!.id]: ['Чоткара', 'Мырзабек', 'Бапа'],
      [son.id]: ['Түгөлбай', 'Чоткара', 'Мырзабек'],
    });
    const one = await get<Revision>(`/api/revisions/${item!.id}/`, moderator);
    expect(one.linked_persons).toHaveLength(2);
  });

  it('labels the persons named inside record lists: a further family, a union', async () => {
    const wife = await addPerson(app, moderator, { name: 'Айкыз', sex: 'F' });
    const fresh = await get<Person>(`/api/persons/${son.id}/`, moderator);
    const proposal = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${son.id}/`,
      headers: member.headers,
      payload: {
        version: fresh.version,
        spouse_ids: [wife.id],
        parent_families: [{ father_id: line[1]!.id, relation: 'foster' }],
        unions: [{ spouse_id: wife.id, position: 1 }],
      },
    });
    expect(proposal.statusCode, proposal.body).toBe(202);
    const queue = await get<RevisionList>('/api/revisions/?status=pending', moderator);
    const item = queue.results.find(
      (revision) => revision.person_id === son.id && revision.after?.['unions'] !== undefined,
    );
    expect(item?.after).toMatchObject({
      parent_families: [{ father_id: line[1]!.id }],
      unions: [{ spouse_id: wife.id }],
    });
    const labels = Object.fromEntries(
      (item?.linked_persons ?? []).map((person) => [person.id, person.name]),
    );
    expect(labels).toEqual({ [wife.id]: 'Айкыз', [line[1]!.id]: 'Мырзабек' });
  });

  it('names the places its events point to', async () => {
    const fresh = await get<Person>(`/api/persons/${daughter.id}/`, moderator);
    const change = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${daughter.id}/`,
      headers: moderator.headers,
      payload: {
        version: fresh.version,
        events: [{ type: 'birth', date: 'ABT 1850', place: 'Кочкор' }],
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    const applied = await get<RevisionList>('/api/revisions/?status=applied', moderator);
    const item = applied.results.find(
      (revision) => revision.person_id === daughter.id && revision.after?.['events'] !== undefined,
    );
    const placeId = (item?.after?.['events'] as { place_id: number }[] | undefined)?.[0]?.place_id;
    expect(placeId).toEqual(expect.any(Number));
    expect(item?.linked_places).toEqual([{ id: placeId, full_name: 'Кочкор' }]);
  });
});
