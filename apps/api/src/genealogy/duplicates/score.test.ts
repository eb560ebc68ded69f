import { describe, expect, it } from 'vitest';
import { DUPLICATE_THRESHOLD, compareNames, scoreDuplicate, type DuplicateSubject } from './score';

const codes = (a: DuplicateSubject, b: DuplicateSubject) =>
  scoreDuplicate(a, b).reasons.map((reason) => reason.code);

describe('compareNames', () => {
  it('meets the spellings of one name: Cyrillic, Latin, ө/о, ү/у, ң/н', () => {
    expect(compareNames('Өмүрбек', 'Өмүрбек')).toBe('same');
    expect(compareNames('Өмүрбек', 'Омурбек')).toBe('folded');
    expect(compareNames('Өмүрбек', 'Omurbek')).toBe('folded');
    expect(compareNames('Чыңгыз', 'Chyngyz')).toBe('folded');
    expect(compareNames('Үсөн', 'усон')).toBe('folded');
  });

  it('tells a patronymic, a typo and another name apart', () => {
    expect(compareNames('Асан Үсөн уулу', 'Асан')).toBe('first_word');
    expect(compareNames('Токтогул', 'Токтогл')).toBe('close');
    expect(compareNames('Асан', 'Үсөн')).toBe('differs');
    // Short names: one letter makes another name (Али / Алы is the same; Ажы / Азы not).
    expect(compareNames('Ажы', 'Азы')).toBe('differs');
  });
});

describe('scoreDuplicate', () => {
  const omurbek: DuplicateSubject = {
    id: 1,
    name: 'Өмүрбек',
    fatherName: 'Токтосун',
    grandfatherName: 'Байтик',
    birthYear: 1880,
    sex: 'M',
  };

  it('scores Cyrillic and Latin spellings of one man with his father line high', () => {
    const latin: DuplicateSubject = {
      name: 'Omurbek',
      fatherName: 'Toktosun',
      grandfatherName: 'Baitik',
      birthYear: 1881,
      sex: 'M',
    };
    const { score, reasons } = scoreDuplicate(omurbek, latin);
    expect(score).toBeGreaterThanOrEqual(0.7);
    expect(reasons[0]).toMatchObject({ code: 'name_folded', values: ['Өмүрбек', 'Omurbek'] });
    expect(reasons.map((r) => r.code)).toEqual(
      expect.arrayContaining(['father_name_same', 'grandfather_name_same', 'birth_year_near']),
    );
    expect(reasons.find((r) => r.code === 'birth_year_near')?.delta).toBe(1);
  });

  it('is symmetric', () => {
    const other: DuplicateSubject = { name: 'Омурбек', fatherName: 'Токтосун', birthYear: 1884 };
    expect(scoreDuplicate(omurbek, other).score).toBe(scoreDuplicate(other, omurbek).score);
  });

  it('counts missing years neither for nor against', () => {
    const noYears: DuplicateSubject = {
      name: 'Омурбек',
      fatherName: 'Токтосун',
      grandfatherName: 'Байтик',
    };
    const result = scoreDuplicate(omurbek, noYears);
    expect(result.score).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
    expect(result.reasons.some((r) => r.code.startsWith('birth_year'))).toBe(false);
  });

  it('keeps a namesake with another father low', () => {
    const namesake: DuplicateSubject = {
      name: 'Өмүрбек',
      fatherName: 'Жапар',
      grandfatherName: 'Байтик',
      birthYear: 1880,
      sex: 'M',
    };
    const { score } = scoreDuplicate(omurbek, namesake);
    expect(score).toBeLessThan(DUPLICATE_THRESHOLD);
    expect(codes(omurbek, namesake)).toContain('father_name_differs');
  });

  it('keeps a namesake born decades apart, or of the other sex, low', () => {
    expect(scoreDuplicate(omurbek, { ...omurbek, id: 2, birthYear: 1930 }).score).toBeLessThan(
      DUPLICATE_THRESHOLD,
    );
    expect(scoreDuplicate(omurbek, { ...omurbek, id: 2, sex: 'F' }).score).toBeLessThan(
      DUPLICATE_THRESHOLD,
    );
  });

  it('scores different names zero', () => {
    expect(scoreDuplicate(omurbek, { ...omurbek, id: 2, name: 'Асан' }).score).toBeLessThan(0.3);
  });

  it('counts shared relatives: by id in the tree, by name from a file', () => {
    const treeA: DuplicateSubject = {
      id: 10,
      name: 'Асан',
      birthYear: 1900,
      spouses: [{ id: 20, name: 'Бүбү' }],
      children: [
        { id: 30, name: 'Үсөн' },
        { id: 31, name: 'Калыс' },
      ],
    };
    const treeB: DuplicateSubject = {
      id: 11,
      name: 'Asan',
      birthYear: 1900,
      spouses: [{ id: 20, name: 'Бүбү' }],
      children: [{ id: 30, name: 'Үсөн' }],
    };
    expect(codes(treeA, treeB)).toEqual(expect.arrayContaining(['spouse_same', 'children_same']));
    // From a GEDCOM file: no ids, the names fold.
    const fromFile: DuplicateSubject = {
      name: 'Asan',
      birthYear: 1902,
      spouses: [{ name: 'Bubu' }],
      children: [{ name: 'Usön' }, { name: 'Kalys' }],
    };
    const result = scoreDuplicate(treeA, fromFile);
    expect(result.reasons.find((r) => r.code === 'children_names_same')?.delta).toBe(2);
    expect(result.reasons.some((r) => r.code === 'spouse_name_same')).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
    // Name and year alone are not enough.
    expect(scoreDuplicate(treeA, { name: 'Asan', birthYear: 1902 }).score).toBeLessThan(
      DUPLICATE_THRESHOLD,
    );
  });

  it('stays within 0..1 and orders the reasons strongest first', () => {
    const full = scoreDuplicate(omurbek, {
      ...omurbek,
      id: 2,
      deathYear: 1950,
      fatherId: 5,
      children: [{ id: 9, name: 'Ак' }],
    });
    const twin = scoreDuplicate(
      { ...omurbek, deathYear: 1950, fatherId: 5, children: [{ id: 9, name: 'Ак' }] },
      { ...omurbek, id: 2, deathYear: 1950, fatherId: 5, children: [{ id: 9, name: 'Ак' }] },
    );
    expect(full.score).toBeLessThanOrEqual(1);
    expect(twin.score).toBe(1);
    const weights = twin.reasons.map((r) => Math.abs(r.weight));
    expect([...weights].sort((x, y) => y - x)).toEqual(weights);
  });
});
