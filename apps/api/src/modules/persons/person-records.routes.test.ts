import { personRecordMessages, type EventType, type Person, type Revision } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from './persons.factories';
import { addNote, addPlace, addSource } from './records.factories';

/**
 * A person's records (issue 15) through the person API: what the page shows, who sees it, how
 * they are edited, proposed, accepted, rejected and reverted, and how the tree's birth/death
 * summary stays in agreement with the birth/death events.
 */

let app: App;
let moderator: TestUser;
let member: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
});

async function get(id: number, user?: TestUser): Promise<Person> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/persons/${id}/`,
    headers: user?.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Person>();
}

async function patch(person: { id: number; version: number }, user: TestUser, body: object) {
  return app.inject({
    method: 'PATCH',
    url: `/api/persons/${person.id}/`,
    headers: user.headers,
    payload: { ...body, version: person.version },
  });
}

async function review(id: number, action: 'accept' | 'reject' | 'revert', comment = 'жок') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/revisions/${id}/${action}/`,
    headers: moderator.headers,
    payload: { comment },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

const event = (fields: { type?: EventType; [key: string]: unknown }) => ({
  ...fields,
  type: fields.type ?? 'birth',
});

describe('the person page', () => {
  it('shows names, dated events with places, unions, parent families, citations, notes and media', async () => {
    const region = await addPlace(app, 'Нарын облусу');
    const village = await addPlace(app, 'Кочкор', region);
    const book = await addSource(app, { title: 'Санжыра', kind: 'book' });
    const informant = await addSource(app, { title: 'Асанбек аксакал', kind: 'informant' });
    const publicNote = await addNote(app, 'Уруунун тарыхы');
    const privateNote = await addNote(app, 'Үй-бүлөлүк сыр', true);
    const photo = await createTestFileRow(app, moderator.id, { visibility: 'public' });
    const document = await createTestFileRow(app, moderator.id, { kind: 'pdf' });

    const father = await addPerson(app, moderator, { name: 'Үсөн', sex: 'M' });
    const adoptive = await addPerson(app, moderator, { name: 'Төлөк', sex: 'M' });
    const wife = await addPerson(app, moderator, { name: 'Бүбү', sex: 'F', birth_year: 1902 });
    const person = await addPerson(app, moderator, {
      name: 'Асан',
      sex: 'M',
      father_id: father.id,
      spouse_ids: [wife.id],
      names: [
        { given: 'Асан', surname: 'Үсөн уулу', nickname: 'Аке', citations: [] },
        { kind: 'documents', full_name: 'Асанов Усен' },
      ],
      events: [
        event({ type: 'death', date: '1970', place: 'Бишкек' }),
        event({
          date: 'ABT 1900',
          place_id: village,
          citations: [{ source_id: book, page: '12-бет', quality: 2 }],
        }),
        event({ type: 'occupation', value: 'мугалим', media: [{ file_id: document }] }),
        event({ type: 'other', custom_type: 'Ашка барган', date: 'BET 1930 AND 1935' }),
      ],
      parent_families: [{ father_id: adoptive.id, relation: 'adopted' }],
      citations: [{ source_id: informant, note: '1985-жылы айткан' }],
      note_ids: [publicNote, privateNote],
      media: [{ file_id: photo, title: 'Сүрөт' }],
      unions: [
        {
          spouse_id: wife.id,
          position: 1,
          events: [{ type: 'marriage', date: '1925', place: 'Кочкор' }],
        },
      ],
    });

    const page = await get(person.id, member);
    expect(page).toMatchObject({
      birth_year: 1900,
      birth_date: 'ABT 1900',
      birth_place: 'Кочкор',
      death_year: 1970,
      death_date: '1970',
      death_place: 'Бишкек',
      birth_year_source: null,
      death_year_source: null,
    });
    expect(page.names).toMatchObject([
      { kind: 'birth', given: 'Асан', surname: 'Үсөн уулу', nickname: 'Аке' },
      { kind: 'documents', full_name: 'Асанов Усен', given: null },
    ]);
    expect(page.names[0]?.full_name).toBe('Асан Үсөн уулу');
    // Date order; undated events after the dated ones.
    expect(page.events.map((e) => e.type)).toEqual(['birth', 'other', 'death', 'occupation']);
    const birth = page.events[0]!;
    expect(birth.date).toMatchObject({ text: 'ABT 1900', qualifier: 'about', valid: true });
    expect(birth.place).toEqual({ id: village, name: 'Кочкор', full_name: 'Кочкор, Нарын облусу' });
    expect(birth.citations).toMatchObject([
      { source: { id: book, kind: 'book', title: 'Санжыра' }, page: '12-бет', quality: 2 },
    ]);
    expect(page.events[1]).toMatchObject({ custom_type: 'Ашка барган' });
    expect(page.events[3]).toMatchObject({
      value: 'мугалим',
      media: [{ file_id: document, kind: 'pdf', mime_type: 'application/pdf' }],
    });
    expect(page.unions).toMatchObject([
      {
        spouse: { id: wife.id, name: 'Бүбү' },
        position: 1,
        // A place named in an event is reused: the marriage in Кочкор is the village above.
        events: [{ type: 'marriage', place: { id: village }, date: { text: '1925' } }],
      },
    ]);
    expect(page.parent_families).toEqual([
      { father: { id: father.id, name: 'Үсөн' }, mother: null, relation: 'birth' },
      { father: { id: adoptive.id, name: 'Төлөк' }, mother: null, relation: 'adopted' },
    ]);
    expect(page.citations).toMatchObject([
      { source: { id: informant, kind: 'informant' }, note: '1985-жылы айткан', page: null },
    ]);
    expect(page.notes).toEqual([
      { id: publicNote, text: 'Уруунун тарыхы', is_private: false },
      { id: privateNote, text: 'Үй-бүлөлүк сыр', is_private: true },
    ]);
    expect(page.media).toMatchObject([{ file_id: photo, title: 'Сүрөт', kind: 'image' }]);

    // The wife's page shows the same union from her side.
    const hers = await get(wife.id, member);
    expect(hers.unions).toMatchObject([
      { spouse: { id: person.id }, position: null, events: [{ type: 'marriage' }] },
    ]);

    // Private notes are never shown to guests.
    const asGuest = await get(person.id);
    expect(asGuest.notes.map((n) => n.id)).toEqual([publicNote]);
    expect(asGuest.events).toHaveLength(4);
  });

  it('lets christening and burial stand in for the years, and says so', async () => {
    const person = await addPerson(app, moderator, {
      name: 'Чоткара',
      events: [
        event({ type: 'christening', date: '12 MAR 1850' }),
        event({ type: 'burial', date: 'AFT 1920' }),
      ],
    });
    expect(person).toMatchObject({
      birth_year: 1850,
      birth_date: '12 MAR 1850',
      birth_year_source: 'christening',
      death_year: 1920,
      death_year_source: 'burial',
    });
    // A real birth event takes over.
    const changed = await patch(person, moderator, {
      events: [
        event({ date: '1849' }),
        event({ type: 'christening', date: '12 MAR 1850' }),
        event({ type: 'burial', date: 'AFT 1920' }),
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Person>()).toMatchObject({
      birth_year: 1849,
      birth_year_source: null,
      death_year_source: 'burial',
    });
  });

  it('moves the birth/death events with the summary fields when only those are edited', async () => {
    const person = await addPerson(app, moderator, {
      name: 'Бектур',
      events: [
        event({ date: '1880', place: 'Талас' }),
        event({ type: 'residence', value: 'айыл' }),
      ],
    });
    const changed = await patch(person, moderator, { birth_year: 1881, death_place: 'Ош' });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = changed.json<Person>();
    expect(page).toMatchObject({ birth_year: 1881, birth_date: '1881', birth_place: 'Талас' });
    expect(page.events.map((e) => [e.type, e.date?.text ?? null, e.place?.name ?? null])).toEqual([
      ['birth', '1881', 'Талас'],
      ['residence', null, null],
      ['death', null, 'Ош'],
    ]);
    expect(page.death_place).toBe('Ош');

    // A person without events keeps plain summary fields (no events are made up).
    const plain = await addPerson(app, moderator, { name: 'Жөнөкөй', birth_year: 1800 });
    const edited = await patch(plain, moderator, { birth_year: 1801 });
    expect(edited.json<Person>()).toMatchObject({ birth_year: 1801, events: [] });
  });
});

describe('privacy', () => {
  it('hides every record of a living person from guests, and living parents in families', async () => {
    const source = await addSource(app);
    const note = await addNote(app, 'Ачык эскертүү');
    const photo = await createTestFileRow(app, moderator.id, { visibility: 'public' });
    const livingMother = await addPerson(app, moderator, {
      name: 'Айгүл',
      sex: 'F',
      is_living: true,
    });
    const living = await addPerson(app, moderator, {
      name: 'Азамат',
      is_living: true,
      names: [{ full_name: 'Азаматов Азамат', kind: 'documents' }],
      events: [event({ type: 'christening', date: '2001', place: 'Ош' })],
      citations: [{ source_id: source }],
      note_ids: [note],
      media: [{ file_id: photo }],
      parent_families: [{ mother_id: livingMother.id, relation: 'foster' }],
    });
    const hidden = await get(living.id);
    expect(hidden).toMatchObject({
      restricted: true,
      birth_year_source: null,
      names: [],
      events: [],
      unions: [],
      parent_families: [],
      citations: [],
      notes: [],
      media: [],
    });
    const shown = await get(living.id, member);
    expect(shown).toMatchObject({ restricted: false, birth_year_source: 'christening' });
    expect(shown.names).toHaveLength(1);
    expect(shown.events).toHaveLength(1);
    expect(shown.citations).toHaveLength(1);
    expect(shown.notes).toHaveLength(1);
    expect(shown.media).toHaveLength(1);
    expect(shown.parent_families).toEqual([
      { father: null, mother: { id: livingMother.id, name: 'Айгүл' }, relation: 'foster' },
    ]);

    // A dead child of a living foster mother: the mother is hidden, and a family of hidden
    // parents only is left out; beside a father she is hidden and the father shown.
    const fosterFather = await addPerson(app, moderator, { name: 'Болот', sex: 'M' });
    const child = await addPerson(app, moderator, {
      name: 'Марат',
      death_year: 1990,
      parent_families: [
        { mother_id: livingMother.id, relation: 'foster' },
        { father_id: fosterFather.id, mother_id: livingMother.id, relation: 'step' },
      ],
    });
    expect((await get(child.id)).parent_families).toEqual([
      { father: { id: fosterFather.id, name: 'Болот' }, mother: null, relation: 'step' },
    ]);
    expect((await get(child.id, member)).parent_families).toHaveLength(2);
  });
});

describe('editing through revisions', () => {
  it("keeps a member's records pending until accepted, then reverts them", async () => {
    const source = await addSource(app);
    const person = await addPerson(app, moderator, { name: 'Жаныбек', birth_year: 1890 });
    const proposed = await patch(person, member, {
      events: [event({ date: '1891', place: 'Жаңы айыл' })],
      citations: [{ source_id: source, quality: 3 }],
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const revision = proposed.json<Revision>();
    expect(revision).toMatchObject({
      status: 'pending',
      before: { events: [], citations: [], birth_year: 1890 },
      after: { birth_year: 1891, birth_place: 'Жаңы айыл' },
    });
    // Nothing is written before acceptance: not the event, not the place.
    const before = await get(person.id, member);
    expect(before).toMatchObject({ birth_year: 1890, events: [], citations: [] });

    await review(revision.id, 'accept');
    const after = await get(person.id, member);
    expect(after).toMatchObject({ birth_year: 1891, birth_place: 'Жаңы айыл' });
    expect(after.events).toMatchObject([{ type: 'birth', place: { name: 'Жаңы айыл' } }]);
    expect(after.citations).toMatchObject([{ source: { id: source }, quality: 3 }]);

    const revert = await review(revision.id, 'revert');
    expect(revert.json<Revision>().after).toMatchObject({ events: [], birth_year: 1890 });
    const reverted = await get(person.id, member);
    expect(reverted).toMatchObject({ birth_year: 1890, birth_place: null, events: [] });
    expect(reverted.citations).toEqual([]);
  });

  it('leaves the records as they were when a proposal is rejected', async () => {
    const person = await addPerson(app, moderator, {
      name: 'Кулжигач',
      names: [{ full_name: 'Кулжигач' }],
    });
    const proposed = await patch(person, member, { names: [{ full_name: 'Кулжыгач' }] });
    expect(proposed.statusCode).toBe(202);
    await review(proposed.json<Revision>().id, 'reject', 'Туура эмес жазылыш');
    expect((await get(person.id, member)).names).toMatchObject([{ full_name: 'Кулжигач' }]);
  });

  it('creates a proposed person with records on acceptance', async () => {
    const proposed = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: member.headers,
      payload: { name: 'Сейитбек', events: [event({ date: '1870' })] },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const accepted = await review(proposed.json<Revision>().id, 'accept');
    const id = accepted.json<Revision>().person_id!;
    expect(await get(id, member)).toMatchObject({ birth_year: 1870, events: [{ type: 'birth' }] });
  });

  it('brings the records back when a deleted person is restored', async () => {
    const source = await addSource(app);
    const note = await addNote(app, 'Эскертүү');
    const wife = await addPerson(app, moderator, { name: 'Сайкал', sex: 'F' });
    const person = await addPerson(app, moderator, {
      name: 'Кожомкул',
      spouse_ids: [wife.id],
      names: [{ full_name: 'Кожомкулов', kind: 'documents', citations: [{ source_id: source }] }],
      events: [event({ date: '1889', place: 'Суусамыр', citations: [{ source_id: source }] })],
      note_ids: [note],
      unions: [{ spouse_id: wife.id, events: [{ type: 'marriage', date: '1910' }] }],
    });
    const original = await get(person.id, member);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${person.id}/`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const history = await app.inject({
      method: 'GET',
      url: `/api/persons/${person.id}/revisions/`,
      headers: moderator.headers,
    });
    const deletion = history.json<{ results: Revision[] }>().results[0]!;
    expect(deletion.action).toBe('delete');
    await review(deletion.id, 'revert');

    const restored = await get(person.id, member);
    // Restored rows get new ids; everything else is as it was.
    const strip = (page: Person) =>
      JSON.parse(
        JSON.stringify(page, (key, value: unknown) => (key === 'id' ? undefined : value)),
      ) as Person;
    expect(strip(restored).names).toEqual(strip(original).names);
    expect(strip(restored).events).toEqual(strip(original).events);
    expect(strip(restored).unions).toEqual(strip(original).unions);
    expect(restored.notes).toEqual(original.notes);
    expect(restored.birth_year).toBe(1889);
  });
});

describe('validation', () => {
  async function refused(body: object, field: string, message?: string) {
    const person = await addPerson(app, moderator, { name: 'Текшерүү', sex: 'M' });
    const response = await patch(person, moderator, body);
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json<Record<string, string[]>>();
    const key = Object.keys(errors).find((k) => k.startsWith(field));
    expect(key, response.body).toBeDefined();
    if (message) expect(errors[key!]).toContain(message);
    return person;
  }

  it('refuses bad events with Kyrgyz messages', async () => {
    await refused(
      { events: [{ type: 'other' }] },
      'events',
      personRecordMessages.customTypeRequired,
    );
    await refused({ events: [{ type: 'sauna' }] }, 'events');
    await refused(
      { events: [event({ date: '31 FOO 1900' })] },
      'events',
      personRecordMessages.badDate,
    );
    await refused(
      { events: [event({ place_id: 999_999 })] },
      'events',
      personRecordMessages.placeNotFound,
    );
  });

  it('refuses references that do not exist or may not be shown', async () => {
    const hidden = await createTestFileRow(app, moderator.id, { visibility: 'members' });
    const audio = await createTestFileRow(app, moderator.id, { kind: 'audio' });
    await refused(
      { citations: [{ source_id: 999_999 }] },
      'citations',
      personRecordMessages.sourceNotFound,
    );
    await refused({ citations: [{ source_id: await addSource(app), quality: 4 }] }, 'citations');
    await refused({ note_ids: [999_999] }, 'note_ids', personRecordMessages.noteNotFound);
    await refused({ media: [{ file_id: 999_999 }] }, 'media', personRecordMessages.fileNotFound);
    await refused({ media: [{ file_id: hidden }] }, 'media', personRecordMessages.mediaNotPublic);
    await refused({ media: [{ file_id: audio }] }, 'media', personRecordMessages.mediaNotPublic);
    await refused({ names: [{ kind: 'aka' }] }, 'names', personRecordMessages.nameEmpty);
  });

  it('refuses parent families that are the birth family, empty, own or a loop', async () => {
    const other = await addPerson(app, moderator, { name: 'Башка', sex: 'M' });
    await refused(
      { parent_families: [{ father_id: other.id, relation: 'birth' }] },
      'parent_families',
      personRecordMessages.familyIsBirth,
    );
    await refused(
      { parent_families: [{ relation: 'step' }] },
      'parent_families',
      personRecordMessages.familyWithoutParent,
    );
    const person = await addPerson(app, moderator, { name: 'Ата', sex: 'M' });
    const son = await addPerson(app, moderator, { name: 'Уул', sex: 'M', father_id: person.id });
    for (const fatherId of [person.id, son.id]) {
      const response = await patch(await get(person.id, member), moderator, {
        parent_families: [{ father_id: fatherId, relation: 'adopted' }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ parent_families: [personRecordMessages.familyOwnParent] });
    }
    await refused(
      { unions: [{ spouse_id: other.id, position: 1 }] },
      'unions',
      personRecordMessages.unionNotSpouse,
    );
  });
});

async function searchIds(q: string): Promise<number[]> {
  const response = await app.inject({ url: `/api/search/?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: { id: number }[] }>().results.map((hit) => hit.id);
}

describe('search', () => {
  it('finds a renamed person by the name still among their names, and once by the new one', async () => {
    // The primary name is the display name again: search skips it until the person is renamed.
    const person = await addPerson(app, moderator, {
      name: 'Жоомарт',
      names: [{ full_name: 'Жоомарт', kind: 'birth' }],
    });
    expect(await searchIds('Жоомарт')).toEqual([person.id]);
    expect((await patch(person, moderator, { name: 'Жолдошбек' })).statusCode).toBe(200);
    expect(await searchIds('Жоомарт')).toEqual([person.id]);
    expect(await searchIds('Жолдошбек')).toEqual([person.id]);
    // Renamed back: found once, by the display name.
    expect((await patch(await get(person.id), moderator, { name: 'Жоомарт' })).statusCode).toBe(
      200,
    );
    expect(await searchIds('Жоомарт')).toEqual([person.id]);
  });

  it('finds a person by any of their names', async () => {
    const person = await addPerson(app, moderator, {
      name: 'Үсөнбай',
      names: [
        { full_name: 'Асанов Усен', kind: 'documents' },
        { full_name: 'Бөкөнбай', kind: 'aka' },
      ],
    });
    for (const q of ['Асанов Усен', 'асанов усен', 'Бөкөнбай', 'Бокомбай']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/search/?q=${encodeURIComponent(q)}`,
      });
      const ids = response.json<{ results: { id: number; name: string }[] }>().results;
      expect(
        ids.map((hit) => hit.id),
        q,
      ).toContain(person.id);
    }
  });
});
