import type { FamilyMember, Person, PersonFamily } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from './persons.factories';

/**
 * `GET /persons/{id}/family/`: parents of every kind, spouses in order with their
 * events and children (adopted and fostered ones too), siblings and half-siblings (and those of
 * an adoptive family); a living person as a guest sees them.
 */

let app: App;
let moderator: TestUser;
let member: TestUser;

/** Асан (father) and Айша (mother) of Бакыт; Бакыт's wives, children and siblings. */
let father: Person;
let mother: Person;
let bakyt: Person;
let firstWife: Person;
let secondWife: Person;
let adoptive: Person;
let full: Person;
let paternal: Person;
let maternal: Person;
let childOfFirst: Person;
let childOfSecond: Person;
let livingChild: Person;
let livingSibling: Person;
let adoptiveSon: Person;
let fosterChild: Person;
let livingAdopted: Person;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  const add = (fields: Parameters<typeof addPerson>[2]) => addPerson(app, moderator, fields);
  father = await add({ name: 'Асан', sex: 'M', birth_year: 1820, death_year: 1890 });
  mother = await add({ name: 'Айша', sex: 'F', birth_year: 1825, death_year: 1895 });
  const stepMother = await add({ name: 'Бермет', sex: 'F', birth_year: 1830, death_year: 1900 });
  const otherFather = await add({ name: 'Жумабек', sex: 'M', birth_year: 1815, death_year: 1870 });
  adoptive = await add({ name: 'Токтогул', sex: 'M', birth_year: 1810, death_year: 1880 });
  adoptiveSon = await add({
    name: 'Темир',
    sex: 'M',
    birth_year: 1840,
    death_year: 1900,
    father_id: adoptive.id,
  });
  firstWife = await add({ name: 'Гүлбара', sex: 'F', birth_year: 1852, death_year: 1920 });
  secondWife = await add({ name: 'Салкын', sex: 'F', birth_year: 1860, death_year: 1930 });
  const parents = { father_id: father.id, mother_id: mother.id };
  full = await add({ name: 'Үсөн', sex: 'M', birth_year: 1848, death_year: 1910, ...parents });
  bakyt = await add({
    name: 'Бакыт',
    sex: 'M',
    birth_year: 1850,
    death_year: 1915,
    ...parents,
    parent_families: [{ father_id: adoptive.id, relation: 'adopted' }],
    spouse_ids: [firstWife.id, secondWife.id],
    unions: [
      { spouse_id: secondWife.id, position: 2, events: [{ type: 'marriage', date: '1885' }] },
      {
        spouse_id: firstWife.id,
        position: 1,
        events: [{ type: 'marriage', date: 'ABT 1870', place: 'Талас' }],
      },
    ],
  });
  paternal = await add({
    name: 'Мырза',
    sex: 'M',
    birth_year: 1860,
    death_year: 1920,
    father_id: father.id,
    mother_id: stepMother.id,
  });
  maternal = await add({
    name: 'Зуура',
    sex: 'F',
    birth_year: 1845,
    death_year: 1905,
    father_id: otherFather.id,
    mother_id: mother.id,
  });
  livingSibling = await add({ name: 'Тирүү', sex: 'F', is_living: true, ...parents });
  childOfFirst = await add({
    name: 'Кыдыр',
    sex: 'M',
    birth_year: 1872,
    death_year: 1940,
    father_id: bakyt.id,
    mother_id: firstWife.id,
  });
  childOfSecond = await add({
    name: 'Бурул',
    sex: 'F',
    birth_year: 1887,
    death_year: 1950,
    father_id: bakyt.id,
    mother_id: secondWife.id,
  });
  livingChild = await add({
    name: 'Жаш',
    sex: 'M',
    birth_year: 2001,
    father_id: bakyt.id,
    mother_id: firstWife.id,
  });
  fosterChild = await add({
    name: 'Нурлан',
    sex: 'M',
    birth_year: 1880,
    death_year: 1950,
    parent_families: [{ father_id: bakyt.id, mother_id: firstWife.id, relation: 'foster' }],
  });
  livingAdopted = await add({
    name: 'Асыранды',
    sex: 'F',
    is_living: true,
    parent_families: [{ father_id: bakyt.id, mother_id: secondWife.id, relation: 'adopted' }],
  });
});

async function family(id: number, user?: TestUser): Promise<PersonFamily> {
  const response = await app.inject({ url: `/api/persons/${id}/family/`, headers: user?.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PersonFamily>();
}

const ids = (list: readonly (FamilyMember | null)[]) => list.map((person) => person?.id ?? null);

describe('GET /persons/{id}/family/', () => {
  it('gives the birth and adoptive parents, each with sex and years', async () => {
    const answer = await family(bakyt.id);
    expect(answer.parents.map((p) => [p.relation, p.father?.id, p.mother?.id ?? null])).toEqual([
      ['birth', father.id, mother.id],
      ['adopted', adoptive.id, null],
    ]);
    expect(answer.parents[0]?.father).toEqual({
      id: father.id,
      name: 'Асан',
      sex: 'M',
      birth_year: 1820,
      death_year: 1890,
      living: false,
      restricted: false,
      father_name: null,
      grandfather_name: null,
    });
  });

  it('orders the spouses by the union position, with marriage events and their children', async () => {
    const answer = await family(bakyt.id, member);
    expect(ids(answer.unions.map((union) => union.spouse))).toEqual([firstWife.id, secondWife.id]);
    const [first, second] = answer.unions;
    expect(first?.position).toBe(1);
    expect(first?.events.map((e) => [e.type, e.date?.text, e.place?.name])).toEqual([
      ['marriage', 'ABT 1870', 'Талас'],
    ]);
    // Birth children first, then those the two fostered or adopted.
    expect(first?.children.map((c) => [c.id, c.relation])).toEqual([
      [childOfFirst.id, 'birth'],
      [livingChild.id, 'birth'],
      [fosterChild.id, 'foster'],
    ]);
    expect(second?.events.map((e) => e.date?.text)).toEqual(['1885']);
    expect(second?.children.map((c) => [c.id, c.relation])).toEqual([
      [childOfSecond.id, 'birth'],
      [livingAdopted.id, 'adopted'],
    ]);
  });

  it('names each relative by father and grandfather', async () => {
    const answer = await family(bakyt.id, member);
    expect(answer.unions[0]?.children[0]).toMatchObject({
      name: 'Кыдыр',
      father_name: 'Бакыт',
      grandfather_name: 'Асан',
    });
    // A fostered child's label names the birth father, not the foster one.
    expect(answer.unions[0]?.children[2]).toMatchObject({ id: fosterChild.id, father_name: null });
  });

  it('names full siblings and half-siblings on either side, then the siblings by adoption', async () => {
    const answer = await family(bakyt.id, member);
    const kinds = Object.fromEntries(answer.siblings.map((s) => [s.id, [s.kind, s.relation]]));
    expect(kinds).toEqual({
      [full.id]: ['full', 'birth'],
      [paternal.id]: ['paternal', 'birth'],
      [maternal.id]: ['maternal', 'birth'],
      [livingSibling.id]: ['full', 'birth'],
      [adoptiveSon.id]: ['unknown', 'adopted'],
    });
    // Birth order as known: by birth year, the living sister without one last.
    expect(ids(answer.siblings)).toEqual([
      maternal.id,
      full.id,
      paternal.id,
      livingSibling.id,
      adoptiveSon.id,
    ]);
  });

  it('counts the children of an adoptive family as siblings, from either side', async () => {
    const answer = await family(bakyt.id);
    expect(answer.siblings.filter((s) => s.relation !== 'birth')).toEqual([
      {
        id: adoptiveSon.id,
        name: 'Темир',
        sex: 'M',
        birth_year: 1840,
        death_year: 1900,
        living: false,
        restricted: false,
        father_name: 'Токтогул',
        grandfather_name: null,
        kind: 'unknown',
        relation: 'adopted',
      },
    ]);
    // The adoptive father's own page lists his son and the child he adopted.
    const adoptiveFamily = await family(adoptive.id);
    expect(adoptiveFamily.unions.flatMap((u) => u.children.map((c) => [c.id, c.relation]))).toEqual(
      [
        [adoptiveSon.id, 'birth'],
        [bakyt.id, 'adopted'],
      ],
    );
    // And his son has Бакыт for a brother by adoption.
    const sonFamily = await family(adoptiveSon.id);
    expect(sonFamily.siblings.map((s) => [s.id, s.relation])).toEqual([[bakyt.id, 'adopted']]);
  });

  it("shows a guest no adopted child who is living, as the child's page shows no parents", async () => {
    const asMember = await family(bakyt.id, member);
    const adopted = (list: PersonFamily) =>
      list.unions.flatMap((u) => u.children).filter((c) => c.relation !== 'birth');
    expect(adopted(asMember).map((c) => c.id)).toEqual([fosterChild.id, livingAdopted.id]);
    expect(adopted(await family(bakyt.id)).map((c) => c.id)).toEqual([fosterChild.id]);
    const page = (await app.inject({ url: `/api/persons/${livingAdopted.id}/` })).json<Person>();
    expect(page.parent_families).toEqual([]);
  });

  it('shows a guest the name only of a living relative', async () => {
    const answer = await family(bakyt.id);
    // A living child's mother link is hidden too: the child is among those of no known mother.
    expect(answer.unions.map((union) => union.spouse?.id ?? null)).toEqual([
      firstWife.id,
      secondWife.id,
      null,
    ]);
    const child = answer.unions[2]?.children.find((c) => c.id === livingChild.id);
    expect(child).toEqual({
      id: livingChild.id,
      name: 'Жаш',
      sex: 'U',
      birth_year: null,
      death_year: null,
      living: true,
      restricted: true,
      // The father line is shown to everyone.
      father_name: 'Бакыт',
      grandfather_name: 'Асан',
      relation: 'birth',
    });
    const sister = answer.siblings.find((s) => s.id === livingSibling.id);
    // Her mother is hidden from a guest, so neither is her kind of sibling.
    expect(sister).toMatchObject({ sex: 'U', restricted: true, kind: 'unknown' });
  });

  it('shows a guest of a living person the father line only, as the person page does', async () => {
    const asMember = await family(livingSibling.id, member);
    expect(asMember.parents[0]?.mother?.id).toBe(mother.id);
    expect(asMember.siblings.find((s) => s.id === bakyt.id)?.kind).toBe('full');

    const asGuest = await family(livingSibling.id);
    expect(asGuest.siblings.some((s) => s.relation !== 'birth')).toBe(false);
    expect(asGuest.parents).toHaveLength(1);
    expect(asGuest.parents[0]).toMatchObject({
      relation: 'birth',
      father: { id: father.id },
      mother: null,
    });
    expect(asGuest.unions).toEqual([]);
    // The father's other children, none of them placed by the hidden mother.
    expect(ids(asGuest.siblings).sort()).toEqual([full.id, bakyt.id, paternal.id].sort());
    expect(asGuest.siblings.every((s) => s.kind === 'unknown')).toBe(true);
    const page = (await app.inject({ url: `/api/persons/${livingSibling.id}/` })).json<Person>();
    expect(page.mother).toBeNull();
  });

  it('shows a guest no further children or siblings of a living person', async () => {
    const taken = await addPerson(app, moderator, {
      name: 'Алынган',
      sex: 'M',
      birth_year: 1990,
      death_year: 2010,
      parent_families: [{ mother_id: livingSibling.id, relation: 'adopted' }],
    });
    const asMember = await family(livingSibling.id, member);
    expect(asMember.unions.flatMap((u) => u.children.map((c) => [c.id, c.relation]))).toEqual([
      [taken.id, 'adopted'],
    ]);
    const asGuest = await family(livingSibling.id);
    expect(asGuest.unions).toEqual([]);
    // The child's own page hides her too (a living mother is hidden from a guest).
    const page = (await app.inject({ url: `/api/persons/${taken.id}/` })).json<Person>();
    expect(page.parent_families).toEqual([]);
  });

  it("shows a guest no sibling by adoption of a living person, only the father's own children", async () => {
    const dad = await addPerson(app, moderator, {
      name: 'Ата',
      sex: 'M',
      birth_year: 1940,
      death_year: 2015,
    });
    const living = await addPerson(app, moderator, {
      name: 'Жашаган',
      sex: 'M',
      is_living: true,
      father_id: dad.id,
    });
    const fostered = await addPerson(app, moderator, {
      name: 'Багылган',
      sex: 'M',
      birth_year: 1950,
      death_year: 2000,
      parent_families: [{ father_id: dad.id, relation: 'foster' }],
    });
    const asMember = await family(living.id, member);
    expect(asMember.siblings.map((s) => [s.id, s.relation])).toEqual([[fostered.id, 'foster']]);
    expect((await family(living.id)).siblings).toEqual([]);
  });

  it('hides a union with a living spouse from a guest', async () => {
    const living = await addPerson(app, moderator, {
      name: 'Жаңы',
      sex: 'F',
      is_living: true,
    });
    const widower = await addPerson(app, moderator, {
      name: 'Жесир',
      sex: 'M',
      birth_year: 1900,
      death_year: 1980,
      spouse_ids: [living.id],
    });
    expect(ids((await family(widower.id, member)).unions.map((u) => u.spouse))).toEqual([
      living.id,
    ]);
    expect((await family(widower.id)).unions).toEqual([]);
  });

  it('groups children whose other parent is no spouse, or unknown, after the spouses', async () => {
    const lone = await addPerson(app, moderator, {
      name: 'Жалгыз',
      sex: 'M',
      birth_year: 1890,
      death_year: 1960,
      father_id: childOfFirst.id,
    });
    const answer = await family(childOfFirst.id);
    expect(answer.unions).toEqual([
      { union_id: null, spouse: null, position: null, events: [], children: [expect.anything()] },
    ]);
    expect(answer.unions[0]?.children[0]?.id).toBe(lone.id);
  });

  it('answers 404 for a person who does not exist', async () => {
    const response = await app.inject({ url: '/api/persons/999999/family/' });
    expect(response.statusCode).toBe(404);
  });
});
