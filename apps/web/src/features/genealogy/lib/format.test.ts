import { describe, expect, it } from 'vitest';
import { furtherLineage, idParam, isModerator, yearsText } from './format';
import { PERSON_ID_FIELDS, personIds, revisionDiff } from './diff';
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

  it('reads the person ids of father, mother and spouse fields', () => {
    expect(PERSON_ID_FIELDS.has('father_id')).toBe(true);
    expect(PERSON_ID_FIELDS.has('birth_year')).toBe(false);
    expect(personIds(7)).toEqual([7]);
    expect(personIds([3, 4])).toEqual([3, 4]);
    expect(personIds(null)).toEqual([]);
    expect(personIds('7')).toEqual([]);
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
