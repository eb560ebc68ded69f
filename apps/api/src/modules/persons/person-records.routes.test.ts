import { personRecordMessages, type EventType, type Person, type Revision } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from './persons.factories';
import { addNote, addPlace, addSource } from './records.factories';

/**
 * A person's records through the person API: what the page shows, who sees it, how
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

/** A married couple (not living unless the wife is said to be). */
async function couple(names: [string, string], living = false) {
  const wife = await addPerson(app, moderator, {
    name: names[1],
    sex: 'F',
    death_year: living ? null : 1950,
    is_living: living,
  });
  const husband = await addPerson(app, moderator, {
    name: names[0],
    sex: 'M',
    death_year: 1940,
    spouse_ids: [wife.id],
  });
  return { husband, wife };
}

describe("a union's notes", () => {
  const revisionOf = async (id: number) => {
    const response = await app.inject({ url: `/api/revisions/${id}/`, headers: member.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Revision>();
  };

  it('saves them with the union, shows them from both sides, and keeps them when other details change', async () => {
    const told = await addNote(app, 'Той Таластагы айылда болгон.');
    const secret = await addNote(app, 'Калыңы тууралуу', true);
    const { husband, wife } = await couple(['Жумабай', 'Сайра']);
    const saved = await patch(await get(husband.id, member), moderator, {
      unions: [{ spouse_id: wife.id, note_ids: [told, secret] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await get(husband.id, member);
    expect(page.unions).toMatchObject([
      {
        spouse: { id: wife.id },
        notes: [
          { id: told, text: 'Той Таластагы айылда болгон.', is_private: false },
          { id: secret, is_private: true },
        ],
      },
    ]);
    // Either spouse edits the same union: her page shows its notes too, and a change of its
    // events from her side that sends the notes back keeps them.
    const hers = await get(wife.id, member);
    expect(hers.unions[0]?.notes.map((n) => n.id)).toEqual([told, secret]);
    const fromHer = await patch(hers, moderator, {
      unions: [
        {
          spouse_id: husband.id,
          events: [{ type: 'marriage', date: '1920' }],
          note_ids: [secret, told],
        },
      ],
    });
    expect(fromHer.statusCode, fromHer.body).toBe(200);
    expect((await get(husband.id, member)).unions[0]).toMatchObject({
      events: [{ type: 'marriage' }],
      notes: [{ id: secret }, { id: told }],
    });
    // A guest reads the public one only (the couple is not living).
    expect((await get(husband.id)).unions[0]?.notes.map((n) => n.id)).toEqual([told]);
    // A union left with notes only is still a union with something to say; none: none.
    const cleared = await patch(await get(husband.id, member), moderator, {
      unions: [{ spouse_id: wife.id, note_ids: [] }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await get(wife.id, member)).unions[0]).toMatchObject({ events: [], notes: [] });
  });

  it("keeps a member's proposal pending, names the note in the revision, applies and reverts it", async () => {
    const note = await addNote(app, 'Экинчи аялы болуп келген.\nЭкинчи сап.');
    const { husband, wife } = await couple(['Бекбол', 'Гүлсары']);
    const proposed = await patch(await get(husband.id, member), member, {
      unions: [{ spouse_id: wife.id, position: 2, note_ids: [note] }],
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const revision = proposed.json<Revision>();
    expect(revision).toMatchObject({
      status: 'pending',
      before: { unions: [] },
      after: {
        unions: [{ spouse_id: wife.id, position: 2, events: [], citations: [], note_ids: [note] }],
      },
    });
    // The revision names the note by its first line (the diff shows that, not a number).
    expect((await revisionOf(revision.id)).linked_notes).toEqual([
      { id: note, excerpt: 'Экинчи аялы болуп келген.' },
    ]);
    expect((await get(husband.id, member)).unions[0]?.notes).toEqual([]);

    await review(revision.id, 'accept');
    expect((await get(husband.id, member)).unions[0]?.notes.map((n) => n.id)).toEqual([note]);
    expect((await get(wife.id, member)).unions[0]?.notes.map((n) => n.id)).toEqual([note]);

    const revert = await review(revision.id, 'revert');
    expect(revert.json<Revision>().after).toMatchObject({ unions: [] });
    expect((await get(husband.id, member)).unions[0]?.notes).toEqual([]);
  });

  it("hides a living person's union notes from guests, as the person's own notes", async () => {
    const note = await addNote(app, 'Тирүү аялдын никеси тууралуу');
    const { husband, wife } = await couple(['Асылбек', 'Нургүл'], true);
    const saved = await patch(await get(husband.id, member), moderator, {
      unions: [{ spouse_id: wife.id, note_ids: [note] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Members read them from both sides.
    expect((await get(husband.id, member)).unions[0]?.notes.map((n) => n.id)).toEqual([note]);
    expect((await get(wife.id, member)).unions[0]?.notes.map((n) => n.id)).toEqual([note]);
    // A guest: the living wife's page has no records at all, and the husband's (not living)
    // does not show the union with her, nor therefore its notes.
    expect(await get(wife.id)).toMatchObject({ restricted: true, unions: [], notes: [] });
    const his = await get(husband.id);
    expect(his.restricted).toBe(false);
    expect(his.unions).toEqual([]);
    expect(JSON.stringify(his)).not.toContain('Тирүү аялдын');
  });

  it('accepts and reverts a revision recorded before unions had notes', async () => {
    const { husband, wife } = await couple(['Мамбет', 'Калыйча']);
    const proposed = await patch(await get(husband.id, member), member, {
      unions: [{ spouse_id: wife.id, position: 1, events: [{ type: 'marriage', date: '1901' }] }],
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { id } = proposed.json<Revision>();
    // As an older server stored it: union details without `note_ids`.
    const strip = sql`(select coalesce(jsonb_agg(u - 'note_ids'), '[]'::jsonb)
      from jsonb_array_elements(r.after -> 'unions') u)`;
    await app.db.execute(sql`update proposals r
      set after = jsonb_set(r.after, '{unions}', ${strip}) where r.id = ${id}`);
    await review(id, 'accept');
    expect((await get(husband.id, member)).unions[0]).toMatchObject({ position: 1, notes: [] });
    await review(id, 'revert');
    expect((await get(husband.id, member)).unions[0]).toMatchObject({ position: null, events: [] });
  });

  it('refuses a note that does not exist, or the same note twice', async () => {
    const note = await addNote(app, 'Бир эле эскертүү');
    const { husband, wife } = await couple(['Талант', 'Жамал']);
    for (const [noteIds, message] of [
      [[999_999], personRecordMessages.noteNotFound],
      [[note, note], personRecordMessages.duplicateNote],
    ] as const) {
      const response = await patch(await get(husband.id, member), moderator, {
        unions: [{ spouse_id: wife.id, note_ids: noteIds }],
      });
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json<Record<string, string[]>>();
      const key = Object.keys(errors).find((k) => k.startsWith('unions'));
      expect(key && errors[key], response.body).toContain(message);
    }
    expect((await get(husband.id, member)).unions[0]?.notes).toEqual([]);
  });
});

/**
 * The page's union as the union dialog sends it back (unionInputOf in the web's records form):
 * every event with its citations and media as read.
 */
function unionBody(union: Person['unions'][number], change: Record<string, unknown> = {}) {
  return {
    spouse_id: union.spouse.id,
    position: union.position,
    events: union.events.map((e) => ({
      type: e.type,
      custom_type: e.custom_type,
      value: e.value,
      date: e.date?.text ?? null,
      place_id: e.place?.id ?? null,
      note: e.note,
      citations: e.citations.map((c) => ({ source_id: c.source.id, page: c.page })),
      media: e.media.map((m) => ({ file_id: m.file_id, title: m.title })),
    })),
    citations: union.citations.map((c) => ({ source_id: c.source.id, page: c.page })),
    note_ids: union.notes.map((n) => n.id),
    ...change,
  };
}

describe("a union's events' media", () => {
  /**
   * A couple married in 1920 whose marriage event has a members-only photo linked, as a GEDZip
   * import stores a FAM's `MARR` + `OBJE` (decision 011: imported files are members-only).
   */
  async function married(names: [string, string]) {
    const { husband, wife } = await couple(names);
    const saved = await patch(await get(husband.id, member), moderator, {
      unions: [{ spouse_id: wife.id, events: [{ type: 'marriage', date: '1920' }] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const photo = await createTestFileRow(app, moderator.id, { visibility: 'members' });
    const marriage = (await get(husband.id, member)).unions[0]!.events[0]!;
    await app.db.execute(sql`insert into media_links (event_id, file_id, title, position)
      values (${marriage.id}, ${photo}, 'Той', 0)`);
    return { husband, wife, photo };
  }

  const mediaOf = async (id: number, user?: TestUser) =>
    (await get(id, user)).unions[0]?.events.map((e) => e.media.map((m) => m.file_id)) ?? [];

  it('shows them on the union from both sides, to members only when the file is members-only', async () => {
    const { husband, wife, photo } = await married(['Осмон', 'Бурул']);
    expect((await get(husband.id, member)).unions[0]?.events[0]?.media).toMatchObject([
      { file_id: photo, title: 'Той', kind: 'image' },
    ]);
    expect(await mediaOf(wife.id, member)).toEqual([[photo]]);
    // The family answer (the timeline's union events) carries them too.
    const family = await app.inject({
      url: `/api/persons/${husband.id}/family/`,
      headers: member.headers,
    });
    expect(family.statusCode, family.body).toBe(200);
    expect(
      family.json<{ unions: { events: { media: { file_id: number }[] }[] }[] }>().unions[0]
        ?.events[0]?.media,
    ).toMatchObject([{ file_id: photo }]);
    expect(await mediaOf(husband.id)).toEqual([[]]);
  });

  it('keeps them when the union is edited, and drops them with their event', async () => {
    const { husband, wife, photo } = await married(['Качыке', 'Зуура']);
    const note = await addNote(app, 'Той күзүндө болгон');
    const page = await get(husband.id, member);
    const union = page.unions[0]!;
    const edited = await patch(page, moderator, {
      unions: [
        unionBody(union, {
          position: 1,
          note_ids: [note],
          events: [
            ...unionBody(union).events,
            { type: 'divorce', date: '1930', citations: [], media: [] },
          ],
        }),
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await mediaOf(husband.id, member)).toEqual([[photo], []]);
    // From her side, the same.
    const hers = await get(wife.id, member);
    const fromHer = await patch(hers, moderator, {
      unions: [unionBody(hers.unions[0]!, { position: 2 })],
    });
    expect(fromHer.statusCode, fromHer.body).toBe(200);
    expect(await mediaOf(husband.id, member)).toEqual([[photo], []]);
    // The marriage taken away takes its link with it; the file stays.
    const after = await get(husband.id, member);
    const without = unionBody(after.unions[0]!);
    const removed = await patch(after, moderator, {
      unions: [{ ...without, events: without.events.slice(1) }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await mediaOf(husband.id, member)).toEqual([[]]);
  });

  it('keeps them through a proposal, its acceptance and its revert', async () => {
    const { husband, photo } = await married(['Табылды', 'Гүлайым']);
    const page = await get(husband.id, member);
    const union = unionBody(page.unions[0]!);
    // A member proposes to take the marriage out; the moderator applies it, then reverts.
    const proposed = await patch(page, member, { unions: [{ ...union, events: [] }] });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const revision = proposed.json<Revision>();
    expect(revision.before).toMatchObject({
      unions: [{ events: [{ type: 'marriage', media: [{ file_id: photo, title: 'Той' }] }] }],
    });
    await review(revision.id, 'accept');
    expect(await mediaOf(husband.id, member)).toEqual([]);
    await review(revision.id, 'revert');
    expect(await mediaOf(husband.id, member)).toEqual([[photo]]);
    // A member's proposal that keeps the marriage keeps its photo when accepted.
    const again = await get(husband.id, member);
    const kept = await patch(again, member, {
      unions: [unionBody(again.unions[0]!, { position: 1 })],
    });
    expect(kept.statusCode, kept.body).toBe(202);
    await review(kept.json<Revision>().id, 'accept');
    expect(await mediaOf(husband.id, member)).toEqual([[photo]]);
  });

  it('brings them back when a deleted spouse is restored', async () => {
    const { husband, photo } = await married(['Жапар', 'Бүбүш']);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${husband.id}/`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const history = await app.inject({
      url: `/api/persons/${husband.id}/revisions/`,
      headers: moderator.headers,
    });
    await review(history.json<{ results: Revision[] }>().results[0]!.id, 'revert');
    expect(await mediaOf(husband.id, member)).toEqual([[photo]]);
  });

  it("keeps a person event's members-only media when the events are edited", async () => {
    const person = await addPerson(app, moderator, {
      name: 'Сарыбай',
      sex: 'M',
      death_year: 1930,
      events: [event({ type: 'death', date: '1930' })],
    });
    const document = await createTestFileRow(app, moderator.id, { visibility: 'members' });
    const [death] = (await get(person.id, member)).events;
    await app.db.execute(sql`insert into media_links (event_id, file_id, position)
      values (${death!.id}, ${document}, 0)`);
    const page = await get(person.id, member);
    const edited = await patch(page, moderator, {
      events: page.events.map((e) => ({
        type: e.type,
        date: '1931',
        media: e.media.map((m) => ({ file_id: m.file_id, title: m.title })),
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(person.id, member)).events[0]).toMatchObject({
      date: { text: '1931' },
      media: [{ file_id: document }],
    });
    // A members-only file that the person does not have yet is still refused.
    const other = await createTestFileRow(app, moderator.id, { visibility: 'members' });
    const refused = await patch(await get(person.id, member), moderator, {
      events: [event({ type: 'death', date: '1931', media: [{ file_id: other }] })],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain(personRecordMessages.mediaNotPublic);
  });

  const eventsOf = async (id: number) =>
    (await get(id, member)).unions[0]?.events.map((e) => ({
      type: e.type,
      date: e.date?.text,
      media: e.media.map((m) => m.file_id),
    }));

  it('keeps them when accepting a proposal recorded before union events had media', async () => {
    const { husband, photo } = await married(['Шабдан', 'Ракыя']);
    const page = await get(husband.id, member);
    const union = unionBody(page.unions[0]!);
    // The marriage dated anew, a divorce put before it: the photo goes with the marriage.
    const proposed = await patch(page, member, {
      unions: [
        {
          ...union,
          position: 1,
          events: [
            { type: 'divorce', date: '1930', citations: [], media: [] },
            { ...union.events[0], date: '1921' },
          ],
        },
      ],
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { id } = proposed.json<Revision>();
    // As an older server stored it: union events without `media`.
    const strip = sql`(select coalesce(jsonb_agg(jsonb_set(u, '{events}', (select
        coalesce(jsonb_agg(e - 'media'), '[]'::jsonb) from jsonb_array_elements(u -> 'events') e))),
        '[]'::jsonb) from jsonb_array_elements(r.after -> 'unions') u)`;
    await app.db.execute(sql`update proposals r
      set after = jsonb_set(r.after, '{unions}', ${strip}) where r.id = ${id}`);
    const [stored] = await queryRows<{ media: unknown }>(
      app.db,
      sql`select r.after #> '{unions,0,events,1,media}' as media from proposals r
          where r.id = ${id}`,
    );
    expect(stored?.media).toBeNull();

    await review(id, 'accept');
    expect((await get(husband.id, member)).unions[0]?.position).toBe(1);
    expect(await eventsOf(husband.id)).toEqual([
      { type: 'marriage', date: '1921', media: [photo] },
      { type: 'divorce', date: '1930', media: [] },
    ]);
    // The history records what was applied: the marriage with its photo.
    const applied = await app.inject({ url: `/api/revisions/${id}/`, headers: member.headers });
    expect(applied.json<Revision>().after).toMatchObject({
      unions: [{ events: [{ media: [] }, { media: [{ file_id: photo, title: 'Той' }] }] }],
    });

    await review(id, 'revert');
    expect((await get(husband.id, member)).unions[0]?.position).toBeNull();
    expect(await eventsOf(husband.id)).toEqual([
      { type: 'marriage', date: '1920', media: [photo] },
    ]);
  });

  it('takes them away when a stored proposal gives the event `media: []`', async () => {
    const { husband } = await married(['Курманбек', 'Айзада']);
    const page = await get(husband.id, member);
    const union = unionBody(page.unions[0]!);
    const proposed = await patch(page, member, {
      unions: [{ ...union, events: union.events.map((e) => ({ ...e, media: [] })) }],
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { id } = proposed.json<Revision>();
    const [stored] = await queryRows<{ media: unknown }>(
      app.db,
      sql`select r.after #> '{unions,0,events,0,media}' as media from proposals r
          where r.id = ${id}`,
    );
    expect(stored?.media).toEqual([]);

    await review(id, 'accept');
    expect(await eventsOf(husband.id)).toEqual([{ type: 'marriage', date: '1920', media: [] }]);
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

  it('reads dates written the way people write them and keeps their GEDCOM form', async () => {
    const person = await addPerson(app, moderator, { name: 'Датасы', sex: 'M' });
    const response = await patch(person, moderator, {
      events: [
        event({ date: '12.03.1900' }),
        event({ type: 'death', date: 'болжол менен 1970' }),
        event({ type: 'residence', date: '1925–1930', place: 'Талас' }),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = await get(person.id, member);
    expect(page.events.map((e) => [e.type, e.date?.text, e.date?.qualifier])).toEqual([
      ['birth', '12 MAR 1900', 'exact'],
      ['residence', 'FROM 1925 TO 1930', 'from_to'],
      ['death', 'ABT 1970', 'about'],
    ]);
    expect(page).toMatchObject({ birth_year: 1900, death_year: 1970 });
    // Day and month either way round: refused rather than guessed.
    await refused(
      { events: [event({ date: '12/03/1900' })] },
      'events',
      personRecordMessages.badDate,
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

describe('a citation heard in a recording', () => {
  it('opens the recording at its second; guests only a public one; a deleted file leaves the rest', async () => {
    const informant = await addSource(app, { title: 'Асан ата айтты', kind: 'informant' });
    const heard = await createTestFileRow(app, moderator.id, { kind: 'audio' });
    const closed = await createTestFileRow(app, moderator.id, {
      kind: 'video',
      visibility: 'members',
    });
    const person = await addPerson(app, moderator, { name: 'Сарыгулжа', death_year: 1850 });
    const saved = await patch(person, moderator, {
      citations: [
        { source_id: informant, page: 'биринчи кассета', recording: { file_id: heard, at: 754 } },
        { source_id: informant, recording: { file_id: closed, at: 0 } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const shown = (await get(person.id, member)).citations;
    expect(shown.map((c) => c.recording)).toEqual([
      { file_id: heard, at: 754 },
      { file_id: closed, at: 0 },
    ]);
    // A guest sees the citation, and the recording only when its file is public.
    const guest = (await get(person.id)).citations;
    expect(guest.map((c) => c.recording)).toEqual([{ file_id: heard, at: 754 }, null]);

    // A deleted file leaves the source and the page cited.
    await app.db.execute(sql`delete from files where id = ${heard}`);
    const after = (await get(person.id, member)).citations;
    expect(after[0]).toMatchObject({ page: 'биринчи кассета', recording: null });
  });

  it('refuses what is not a recording, and a time outside one', async () => {
    const informant = await addSource(app, { kind: 'informant' });
    const photo = await createTestFileRow(app, moderator.id, { kind: 'image' });
    const audio = await createTestFileRow(app, moderator.id, { kind: 'audio' });
    const person = await addPerson(app, moderator, { name: 'Алыбай' });
    for (const [recording, message] of [
      [{ file_id: photo, at: 5 }, personRecordMessages.citationNotRecording],
      [{ file_id: 2_000_000_000, at: 5 }, personRecordMessages.citationNotRecording],
      [{ file_id: audio, at: -1 }, null],
      [{ file_id: audio, at: 1.5 }, null],
    ] as const) {
      const refused = await patch(person, moderator, {
        citations: [{ source_id: informant, recording }],
      });
      expect(refused.statusCode, refused.body).toBe(400);
      if (message) expect(refused.body).toContain(message);
    }
    expect((await get(person.id, moderator)).citations).toEqual([]);
  });
});
