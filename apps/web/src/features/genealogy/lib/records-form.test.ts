import {
  parseGedcomDate,
  personRecordMessages,
  PersonEventInput,
  type Citation,
  type Person,
  type PersonEvent,
  type PersonName,
  type Union,
} from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import {
  apiRecordErrors,
  dateReading,
  emptyCitation,
  emptyEvent,
  eventFormOf,
  eventsPatch,
  nameFormOf,
  namesPatch,
  noteIdsWith,
  parseCitations,
  parseEvent,
  parentFamiliesPatch,
  parseName,
  emptyUnionEvent,
  parseUnion,
  removeMediaPatch,
  citationFormOf,
  SOURCE_REQUIRED,
  TIME_INVALID,
  SPOUSE_REQUIRED,
  unionFormOf,
  unionsPatch,
} from './records-form';

const source = { id: 7, kind: 'informant' as const, title: 'Карыя Сатыбалды' };
const citation: Citation = {
  id: 1,
  source,
  page: '12-бет',
  quality: 2,
  note: null,
  recording: null,
};
const media = (fileId: number) => ({
  file_id: fileId,
  title: `Файл ${fileId}`,
  kind: 'image',
  mime_type: 'image/png',
  public: true,
  position: 0,
});
const event = (id: number, fields: Partial<PersonEvent> = {}): PersonEvent => ({
  id,
  type: 'birth',
  custom_type: null,
  value: null,
  date: parseGedcomDate('ABT 1850'),
  place: { id: 3, name: 'Талас', full_name: 'Талас, Кыргызстан' },
  note: null,
  citations: [citation],
  media: [],
  ...fields,
});
const name = (fields: Partial<PersonName> = {}): PersonName => ({
  id: 1,
  kind: 'aka',
  given: 'Бакай',
  surname: null,
  nickname: 'Бакен',
  prefix: null,
  suffix: null,
  full_name: 'Бакай',
  citations: [],
  ...fields,
});
const person = (fields: Partial<Person>) =>
  ({
    version: 4,
    events: [],
    names: [],
    notes: [],
    media: [],
    citations: [],
    unions: [],
    ...fields,
  }) as unknown as Person;

describe('dateReading', () => {
  it('reads a typed GEDCOM date in Kyrgyz, or gives the API message', () => {
    expect(dateReading('')).toEqual({ reading: null, error: null });
    expect(dateReading('ABT 1850').reading).toBe('болжол менен 1850');
    expect(dateReading('BET 1850 AND 1860').reading).toBe('1850–1860-жылдар аралыгында');
    // Written another way: read as the API will store it.
    expect(dateReading('12.03.1850').reading).toBe('12-март 1850-ж.');
    expect(dateReading('болжол менен 1850').reading).toBe('болжол менен 1850');
    expect(dateReading('31 FOO 1900')).toEqual({
      reading: null,
      error: personRecordMessages.badDate,
    });
  });
});

describe('parseEvent', () => {
  it('sends a typed place by name and a chosen one by id, with the citations', () => {
    const typed = parseEvent({
      ...emptyEvent,
      date: ' ABT 1850 ',
      place: { id: null, name: ' Талас ' },
      citations: [{ ...emptyCitation, source, page: '3', quality: '3' }],
    });
    expect(typed.ok).toBe(true);
    if (!typed.ok) return;
    expect(typed.data).toMatchObject({
      type: 'birth',
      date: 'ABT 1850',
      place_id: null,
      place: 'Талас',
      citations: [{ source_id: 7, page: '3', quality: 3, note: null }],
    });
    const chosen = parseEvent({ ...emptyEvent, place: { id: 3, name: 'Талас, Кыргызстан' } });
    expect(chosen.ok && [chosen.data.place_id, chosen.data.place]).toEqual([3, null]);
  });

  it('puts the schema messages by field: a bad date, a row without a source', () => {
    const parsed = parseEvent({ ...emptyEvent, date: '31 FOO 1900', citations: [emptyCitation] });
    expect(parsed).toEqual({
      ok: false,
      errors: { date: personRecordMessages.badDate, 'citations.0.source_id': SOURCE_REQUIRED },
    });
  });

  it('asks an "other" event for its own type', () => {
    expect(parseEvent({ ...emptyEvent, type: 'other' })).toEqual({
      ok: false,
      errors: { custom_type: personRecordMessages.customTypeRequired },
    });
  });

  it('drops the custom type of an event that is not "other"', () => {
    const parsed = parseEvent({ ...emptyEvent, type: 'death', custom_type: 'Той' });
    expect(parsed.ok && parsed.data.custom_type).toBeNull();
  });
});

describe('eventsPatch', () => {
  const stored = [
    event(10),
    event(11, { type: 'death', date: null, place: null, citations: [], media: [media(5)] }),
  ];
  const subject = person({ events: stored });

  it('gives the other events back as the API takes them, unchanged', () => {
    const [first] = eventsPatch(subject, null, null).body.events!;
    expect(PersonEventInput.parse(first)).toEqual(first);
    expect(first).toEqual({
      type: 'birth',
      custom_type: null,
      value: null,
      date: 'ABT 1850',
      place_id: 3,
      place: null,
      note: null,
      citations: [{ source_id: 7, page: '12-бет', quality: 2, note: null, recording: null }],
      media: [],
    });
  });

  it('adds at the end, replaces in place and deletes, at the version read', () => {
    const added = parseEvent({ ...emptyEvent, type: 'residence', value: 'Кочкор' });
    if (!added.ok) throw new Error('parse');
    const add = eventsPatch(subject, null, added.data);
    expect(add.index).toBe(2);
    expect(add.body.version).toBe(4);
    expect(add.body.events!.map((e) => e.type)).toEqual(['birth', 'death', 'residence']);

    const edit = eventsPatch(subject, 11, added.data);
    expect(edit.index).toBe(1);
    expect(edit.body.events!.map((e) => e.type)).toEqual(['birth', 'residence']);

    const removed = eventsPatch(subject, 10, null);
    expect(removed.body.events!.map((e) => e.type)).toEqual(['death']);
    expect(removed.body.events![0]!.media).toEqual([{ file_id: 5, title: 'Файл 5' }]);
  });

  it('fills the form from a stored event and keeps its media when saved again', () => {
    const values = eventFormOf(stored[0]!);
    expect(values.date).toBe('ABT 1850');
    expect(values.place).toEqual({ id: 3, name: 'Талас, Кыргызстан' });
    expect(values.citations[0]).toEqual({
      source,
      page: '12-бет',
      quality: '2',
      note: '',
      recording: null,
      at: '',
    });
    const again = parseEvent(eventFormOf(stored[1]!), stored[1]!.media);
    expect(again.ok && again.data.media).toEqual([{ file_id: 5, title: 'Файл 5' }]);
  });
});

describe('names', () => {
  it('keeps a hand-typed full name and lets a derived one be made again', () => {
    expect(nameFormOf(name()).full_name).toBe('');
    expect(nameFormOf(name({ full_name: 'Бакай баатыр' })).full_name).toBe('Бакай баатыр');
  });

  it('refuses a name with no part, with the API message', () => {
    const parsed = parseName(
      { kind: 'aka', given: '', surname: ' ', nickname: '', full_name: '' },
      null,
    );
    expect(parsed).toEqual({ ok: false, errors: { full_name: personRecordMessages.nameEmpty } });
  });

  it('adds, replaces and removes a name, the others unchanged', () => {
    const subject = person({ names: [name(), name({ id: 2, given: 'Асан', full_name: 'Асан' })] });
    const parsed = parseName(
      { kind: 'documents', given: 'Бакыт', surname: 'Асанов', nickname: '', full_name: '' },
      null,
    );
    if (!parsed.ok) throw new Error('parse');
    expect(parsed.data.full_name).toBe('Бакыт Асанов');
    expect(namesPatch(subject, 2, parsed.data).names!.map((n) => n.full_name)).toEqual([
      'Бакай',
      'Асан',
      'Бакыт Асанов',
    ]);
    expect(namesPatch(subject, 0, parsed.data).names!.map((n) => n.full_name)).toEqual([
      'Бакыт Асанов',
      'Асан',
    ]);
    expect(namesPatch(subject, 0, null)).toEqual({
      names: [expect.objectContaining({ full_name: 'Асан', given: 'Асан' })],
      version: 4,
    });
  });
});

describe('citations, notes and media of the person', () => {
  it('checks every row and names the row without a source', () => {
    expect(parseCitations([{ ...emptyCitation, source, page: ' 5 ' }])).toEqual({
      ok: true,
      data: [{ source_id: 7, page: '5', quality: null, note: null, recording: null }],
    });
    expect(parseCitations([{ ...emptyCitation, source }, emptyCitation])).toEqual({
      ok: false,
      errors: { '1.source_id': SOURCE_REQUIRED },
    });
  });

  it('reads the time heard in a recording, and names an unreadable one', () => {
    const row = { ...emptyCitation, source, recording: 9 };
    expect(parseCitations([{ ...row, at: '12:05.7' }, row])).toEqual({
      ok: true,
      data: [
        { source_id: 7, page: null, quality: null, note: null, recording: { file_id: 9, at: 725 } },
        { source_id: 7, page: null, quality: null, note: null, recording: { file_id: 9, at: 0 } },
      ],
    });
    expect(parseCitations([{ ...row, at: '12:75' }])).toEqual({
      ok: false,
      errors: { '0.recording.at': TIME_INVALID },
    });
    // Stored, it comes back as typed.
    const stored = { ...citation, recording: { file_id: 9, at: 725 } };
    expect(citationFormOf(stored)).toMatchObject({ recording: 9, at: '12:05' });
  });

  it('adds a note once and takes it away', () => {
    const subject = person({
      notes: [
        { id: 1, text: 'a', is_private: false },
        { id: 2, text: 'b', is_private: true },
      ],
    });
    expect(noteIdsWith(subject, 3)).toEqual([1, 2, 3]);
    expect(noteIdsWith(subject, 1)).toEqual([2, 1]);
    expect(noteIdsWith(subject, 1, true)).toEqual([2]);
  });

  it("takes a file out of the person's media and out of their events'", () => {
    const subject = person({
      media: [media(1), media(2)],
      events: [event(10, { media: [media(2)] })],
    });
    const body = removeMediaPatch(subject, 2);
    expect(body.media).toEqual([{ file_id: 1, title: 'Файл 1' }]);
    expect(body.events![0]!.media).toEqual([]);
    expect(removeMediaPatch(subject, 1)).toEqual({
      media: [{ file_id: 2, title: 'Файл 2' }],
      version: 4,
    });
  });

  it("takes a file out of a union's event, the union's other details sent back as they are", () => {
    const marriage = event(12, { type: 'marriage', media: [media(5), media(6)] });
    const subject = person({
      spouses: [{ id: 20, name: 'Бурул' }],
      unions: [
        {
          id: 1,
          spouse: { id: 20, name: 'Бурул' },
          position: 1,
          events: [marriage],
          citations: [],
          notes: [{ id: 40, text: 'Той', is_private: false }],
        },
      ],
    });
    const body = removeMediaPatch(subject, 5);
    expect(body.media).toBeUndefined();
    expect(body.unions).toMatchObject([
      {
        spouse_id: 20,
        position: 1,
        events: [{ type: 'marriage', media: [{ file_id: 6, title: 'Файл 6' }] }],
        note_ids: [40],
      },
    ]);
  });

  it("maps the API's messages of one list item to its fields", () => {
    expect(
      apiRecordErrors(
        { 'events.2.date': ['жаман'], events: ['жер жок'], 'events.1.place': ['башка'] },
        'events.2',
      ),
    ).toEqual({ date: 'жаман', form: 'жер жок' });
  });
});

describe('parentFamiliesPatch', () => {
  const subject = person({
    parent_families: [
      { father: { id: 1, name: 'Ата' }, mother: null, relation: 'birth' },
      { father: { id: 2, name: 'Асырап алган' }, mother: null, relation: 'adopted' },
    ],
  });

  it('sends the further families only, with a new one at the end', () => {
    expect(
      parentFamiliesPatch(subject, { add: { father_id: null, mother_id: 3, relation: 'foster' } }),
    ).toEqual({
      ok: true,
      data: {
        parent_families: [
          { father_id: 2, mother_id: null, relation: 'adopted' },
          { father_id: null, mother_id: 3, relation: 'foster' },
        ],
        version: 4,
      },
    });
    expect(parentFamiliesPatch(subject, { removeIndex: 0 })).toEqual({
      ok: true,
      data: { parent_families: [], version: 4 },
    });
  });

  it('changes a further family in place: its relation and its parents', () => {
    expect(
      parentFamiliesPatch(subject, {
        replace: { father_id: 2, mother_id: 5, relation: 'foster' },
        index: 0,
      }),
    ).toEqual({
      ok: true,
      data: {
        parent_families: [{ father_id: 2, mother_id: 5, relation: 'foster' }],
        version: 4,
      },
    });
    // The birth family is not a further one: the schema's message, nothing sent.
    expect(
      parentFamiliesPatch(subject, {
        replace: { father_id: 2, mother_id: null, relation: 'birth' },
        index: 0,
      }),
    ).toEqual({ ok: false, errors: { relation: personRecordMessages.familyIsBirth } });
  });

  it('refuses a family with no parent, with the API message', () => {
    expect(
      parentFamiliesPatch(subject, { add: { father_id: null, mother_id: null, relation: 'step' } }),
    ).toEqual({ ok: false, errors: { form: personRecordMessages.familyWithoutParent } });
  });
});

describe('unions', () => {
  const marriage = event(11, { type: 'marriage', media: [media(9)] });
  const first: Union = {
    id: 1,
    spouse: { id: 20, name: 'Бурул' },
    position: 1,
    events: [marriage],
    citations: [citation],
    notes: [
      { id: 40, text: 'Той Таласта болгон.', is_private: false },
      { id: 41, text: 'Калыңы', is_private: true },
    ],
  };
  const bare: Union = {
    ...first,
    id: 2,
    spouse: { id: 21, name: 'Айша' },
    position: null,
    events: [],
    citations: [],
    notes: [],
  };
  const subject = person({
    spouses: [
      { id: 20, name: 'Бурул' },
      { id: 21, name: 'Айша' },
    ],
    unions: [first, bare],
  });
  const firstInput = {
    spouse_id: 20,
    position: 1,
    events: [
      {
        type: 'marriage',
        custom_type: null,
        value: null,
        date: 'ABT 1850',
        place_id: 3,
        place: null,
        note: null,
        citations: [{ source_id: 7, page: '12-бет', quality: 2, note: null, recording: null }],
        media: [{ file_id: 9, title: 'Файл 9' }],
      },
    ],
    citations: [{ source_id: 7, page: '12-бет', quality: 2, note: null, recording: null }],
    note_ids: [40, 41],
  };
  const bareInput = { spouse_id: 21, position: null, events: [], citations: [], note_ids: [] };

  it('adds a union with a new spouse: the spouse joins spouse_ids in the same PATCH', () => {
    const parsed = parseUnion({
      spouse: { id: 30, name: 'Зуура' },
      position: '2',
      events: [{ ...emptyUnionEvent, date: 'ABT 1890', place: { id: null, name: 'Кочкор' } }],
      citations: [],
      notes: [],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { body, index } = unionsPatch(subject, null, parsed.data);
    expect(index).toBe(2);
    expect(body).toEqual({
      version: 4,
      spouse_ids: [20, 21, 30],
      unions: [
        firstInput,
        bareInput,
        {
          spouse_id: 30,
          position: 2,
          events: [
            {
              type: 'marriage',
              custom_type: null,
              value: null,
              date: 'ABT 1890',
              place_id: null,
              place: 'Кочкор',
              note: null,
              citations: [],
              media: [],
            },
          ],
          citations: [],
          note_ids: [],
        },
      ],
    });
  });

  it('edits a union in place (its events keep their media), and removes one with its spouse link', () => {
    const values = unionFormOf(first);
    expect(values.position).toBe('1');
    expect(values.events[0]?.date).toBe('ABT 1850');
    const parsed = parseUnion({
      ...values,
      position: '3',
      events: [...values.events, { ...emptyUnionEvent, type: 'divorce', date: '1860' }],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const edited = unionsPatch(subject, 20, parsed.data);
    expect(edited.index).toBe(0);
    expect(edited.body.spouse_ids).toBeUndefined();
    expect(edited.body.unions?.[0]?.position).toBe(3);
    expect(edited.body.unions?.[0]?.events.map((item) => [item.type, item.date])).toEqual([
      ['marriage', 'ABT 1850'],
      ['divorce', '1860'],
    ]);
    // The marriage's photo goes back with it (the dialog does not show it, the API keeps it).
    expect(edited.body.unions?.[0]?.events.map((item) => item.media)).toEqual([
      [{ file_id: 9, title: 'Файл 9' }],
      [],
    ]);
    expect(edited.body.unions?.[1]).toEqual(bareInput);
    // The union's notes go back as they were; one taken away in the form is left out.
    expect(edited.body.unions?.[0]?.note_ids).toEqual([40, 41]);
    const fewer = parseUnion({ ...values, notes: values.notes.slice(1) });
    if (!fewer.ok) throw new Error(JSON.stringify(fewer.errors));
    expect(unionsPatch(subject, 20, fewer.data).body.unions?.[0]?.note_ids).toEqual([41]);

    expect(unionsPatch(subject, 20, null)).toEqual({
      index: 0,
      body: { version: 4, spouse_ids: [21], unions: [bareInput] },
    });
  });

  it('gives the form’s messages by field: no spouse, a bad date, a citation without a source', () => {
    expect(
      parseUnion({
        spouse: null,
        position: '0',
        events: [{ ...emptyUnionEvent, date: '31 FOO 1900', citations: [emptyCitation] }],
        citations: [],
        notes: [],
      }),
    ).toEqual({
      ok: false,
      errors: {
        spouse_id: SPOUSE_REQUIRED,
        position: expect.any(String) as string,
        'events.0.date': personRecordMessages.badDate,
        'events.0.citations.0.source_id': SOURCE_REQUIRED,
      },
    });
  });
});
