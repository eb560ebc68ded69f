import { personIdsOf, REVISION_PERSON_FIELDS, revisionPersonIds } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { furtherLineage, idParam, isModerator, reviewsProposals, yearsText } from './format';
import { recordLines, revisionDiff, type RecordWords } from './diff';
import { filtersOf } from '../components/persons-list';

describe('yearsText', () => {
  it('writes the known ends of a life', () => {
    expect(yearsText(1890, 1950)).toBe('1890–1950');
    expect(yearsText(1890, null)).toBe('1890–');
    expect(yearsText(null, 1950)).toBe('?–1950');
    expect(yearsText(null, null)).toBe('');
  });
});

describe('furtherLineage', () => {
  it('gives the forefathers above the grandfather, cut after `max`', () => {
    expect(furtherLineage(['Үсөн', 'Тагай'])).toEqual([]);
    expect(furtherLineage(['Үсөн', 'Тагай', 'Бапа'])).toEqual(['Бапа']);
    expect(furtherLineage(['А', 'Б', 'В', 'Г', 'Д'], 2)).toEqual(['В', 'Г', '…']);
  });
});

describe('idParam', () => {
  it('accepts positive database ids only', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('-3')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam('99999999999')).toBeNull();
    expect(idParam(null)).toBeNull();
  });
});

describe('isModerator', () => {
  it('is true for moderators and admins only', () => {
    expect(isModerator({ role: 'moderator' })).toBe(true);
    expect(isModerator({ role: 'admin' })).toBe(true);
    expect(isModerator({ role: 'user' })).toBe(false);
    expect(isModerator(null)).toBe(false);
  });
});

describe('revisionDiff', () => {
  it('lists the changed fields with their values before and after', () => {
    expect(
      revisionDiff({
        before: { biography: null, birth_year: 1900, version: 2 },
        after: { biography: 'Жаңы', birth_year: 1900, spouse_ids: [3, 4], version: 3 },
      }),
    ).toEqual([
      { field: 'biography', before: '—', after: 'Жаңы', beforeValue: null, afterValue: 'Жаңы' },
      {
        field: 'spouse_ids',
        before: '—',
        after: '3, 4',
        beforeValue: undefined,
        afterValue: [3, 4],
      },
    ]);
  });

  it('keeps a record list whose items changed but not their number', () => {
    const union = (position: number) => ({ spouse_id: 5, position, events: [], citations: [] });
    const rows = revisionDiff({
      before: { unions: [union(2)], parent_families: [{ father_id: 1, relation: 'adopted' }] },
      after: { unions: [union(5)], parent_families: [{ father_id: 1, relation: 'foster' }] },
    });
    expect(rows.map((row) => row.field)).toEqual(['unions', 'parent_families']);
    expect(revisionDiff({ before: { unions: [union(2)] }, after: { unions: [union(2)] } })).toEqual(
      [],
    );
  });

  it('reads the person ids of father, mother and spouse fields', () => {
    expect(REVISION_PERSON_FIELDS.has('father_id')).toBe(true);
    expect(REVISION_PERSON_FIELDS.has('birth_year')).toBe(false);
    expect(personIdsOf(7)).toEqual([7]);
    expect(personIdsOf([3, 4])).toEqual([3, 4]);
    expect(personIdsOf(null)).toEqual([]);
    expect(personIdsOf('7')).toEqual([]);
  });

  it('finds the persons inside record lists too', () => {
    expect(
      revisionPersonIds({
        father_id: 1,
        spouse_ids: [2],
        parent_families: [{ father_id: 3, mother_id: null, relation: 'adopted' }],
        unions: [{ spouse_id: 4, position: 1, events: [] }],
        events: [{ type: 'birth', place_id: 9 }],
      }),
    ).toEqual([1, 2, 3, 4]);
  });
});

describe('recordLines', () => {
  const words: RecordWords = {
    event: (type, custom) =>
      custom ?? { birth: 'Туулган', marriage: 'Нике' }[type as string] ?? type,
    nameKind: (kind) => (kind === 'aka' ? 'башка аты' : kind),
    relation: (relation) => (relation === 'adopted' ? 'Асырап алган ата-энеси' : relation),
    father: 'Атасы',
    mother: 'Энеси',
    position: (n) => `${n}-никеси`,
    place: (id) => (id === 12 ? 'Кочкор, Нарын' : `№${id}`),
    source: (id) => `№${id} булак`,
    page: 'Барагы',
    note: (id) => `№${id} эскертме`,
    file: (id) => `№${id} файл`,
  };

  it('writes one line per record in Kyrgyz, dates in their reading form', () => {
    expect(
      recordLines(
        'events',
        [
          { type: 'birth', date: 'ABT 1850', place: 'Талас', place_id: null, value: null },
          { type: 'other', custom_type: 'Той', date: null, place_id: 12 },
        ],
        words,
      ),
    ).toEqual([['Туулган: болжол менен 1850, Талас'], ['Той: Кочкор, Нарын']]);
    expect(recordLines('names', [{ kind: 'aka', full_name: 'Бакай' }], words)).toEqual([
      ['Бакай (башка аты)'],
    ]);
    expect(recordLines('citations', [{ source_id: 5, page: '12-бет' }], words)).toEqual([
      ['№5 булак, барагы: 12-бет'],
    ]);
    expect(recordLines('note_ids', [7], words)).toEqual([['№7 эскертме']]);
    expect(recordLines('media', [{ file_id: 3, title: null }], words)).toEqual([['№3 файл']]);
    expect(recordLines('birth_year', 1850, words)).toBeNull();
  });

  it('keeps the persons of a further family and of a union as persons to link', () => {
    expect(
      recordLines('parent_families', [{ father_id: 3, mother_id: 4, relation: 'adopted' }], words),
    ).toEqual([
      ['Асырап алган ата-энеси: ', 'Атасы ', { person: 3 }, ', ', 'Энеси ', { person: 4 }],
    ]);
    expect(
      recordLines(
        'unions',
        [
          {
            spouse_id: 8,
            position: 1,
            events: [{ type: 'marriage', date: '1870' }],
            citations: [],
          },
        ],
        words,
      ),
    ).toEqual([[{ person: 8 }, ' (1-никеси)', ': Нике: 1870']]);
  });
});

describe('filtersOf', () => {
  it('turns the URL parameters into API filters, dropping invalid ones', () => {
    expect(
      filtersOf({
        q: ' Асан ',
        clan: '3',
        generation: 'x',
        living: 'false',
        sex: 'F',
        ordering: '-birth_year',
      }),
    ).toEqual({
      q: 'Асан',
      clan: 3,
      generation: undefined,
      living: false,
      sex: 'F',
      ordering: '-birth_year',
    });
    expect(
      filtersOf({ q: '', clan: '', generation: '', living: '', sex: 'Z', ordering: 'bad' }),
    ).toEqual({
      q: undefined,
      clan: undefined,
      generation: undefined,
      living: undefined,
      sex: undefined,
      ordering: 'name',
    });
  });
});

describe('reviewsProposals', () => {
  it('is true for staff and for a branch steward, false for other members and guests', () => {
    expect(reviewsProposals({ role: 'moderator' })).toBe(true);
    expect(reviewsProposals({ role: 'user', is_steward: true })).toBe(true);
    expect(reviewsProposals({ role: 'user', is_steward: false })).toBe(false);
    expect(reviewsProposals({ role: 'user' })).toBe(false);
    expect(reviewsProposals(null)).toBe(false);
  });
});
