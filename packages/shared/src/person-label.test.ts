import { describe, expect, it } from 'vitest';
import { personLabel, personLabelParts, yearsText } from './person-label';
import { toRunes } from './runes';

const aibek = {
  name: 'Айбек',
  sex: 'M' as const,
  father_name: 'Чоткара',
  grandfather_name: 'Мырзабек',
  birth_year: 1827,
  death_year: 1895,
};

describe('personLabel', () => {
  it('names a son by his father and grandfather, with his years', () => {
    expect(personLabel(aibek)).toBe('Айбек Чоткара уулу (Мырзабек) 1827–1895');
  });

  it('names a daughter кызы', () => {
    expect(personLabel({ ...aibek, name: 'Айым', sex: 'F' })).toBe(
      'Айым Чоткара кызы (Мырзабек) 1827–1895',
    );
  });

  it('names a child of unknown sex with the genitive and баласы', () => {
    expect(personLabel({ ...aibek, sex: 'U' })).toBe(
      'Айбек Чоткаранын баласы (Мырзабек) 1827–1895',
    );
    expect(personLabel({ ...aibek, sex: 'U', father_name: 'Айбек' })).toBe(
      'Айбек Айбектин баласы (Мырзабек) 1827–1895',
    );
  });

  it('leaves out a missing father, and the grandfather with him', () => {
    expect(personLabel({ ...aibek, father_name: null })).toBe('Айбек 1827–1895');
    expect(personLabel({ ...aibek, father_name: '  ' })).toBe('Айбек 1827–1895');
  });

  it('leaves out a missing grandfather', () => {
    expect(personLabel({ ...aibek, grandfather_name: null })).toBe('Айбек Чоткара уулу 1827–1895');
    expect(personLabel({ name: 'Айбек', sex: 'M', father_name: 'Чоткара' })).toBe(
      'Айбек Чоткара уулу',
    );
  });

  it('writes unknown years as the app does', () => {
    expect(personLabel({ ...aibek, birth_year: null, death_year: null })).toBe(
      'Айбек Чоткара уулу (Мырзабек)',
    );
    expect(personLabel({ ...aibek, birth_year: null })).toBe(
      'Айбек Чоткара уулу (Мырзабек) ?–1895',
    );
    expect(personLabel({ ...aibek, death_year: null })).toBe('Айбек Чоткара уулу (Мырзабек) 1827–');
    expect(personLabel({ ...aibek, birth_year: null }, '…')).toBe(
      'Айбек Чоткара уулу (Мырзабек) …–1895',
    );
  });

  it('splits into parts that each go through the runes', () => {
    const parts = personLabelParts(aibek);
    expect(parts).toEqual({
      name: 'Айбек',
      patronymic: 'Чоткара уулу',
      grandfather: 'Мырзабек',
      years: '1827–1895',
    });
    // The words convert like any name; digits and brackets pass through.
    expect(toRunes(parts.patronymic ?? '')).toBe(toRunes('Чоткара уулу'));
    expect(toRunes(personLabel(aibek))).toMatch(/^[^а-яөүң]+$/u);
    expect(toRunes(personLabel(aibek))).toContain('(');
    expect(toRunes(personLabel(aibek))).toContain('1827–1895');
  });
});

describe('yearsText', () => {
  it('writes the known ends of a life', () => {
    expect(yearsText(1890, 1950)).toBe('1890–1950');
    expect(yearsText(1890, null)).toBe('1890–');
    expect(yearsText(null, 1950)).toBe('?–1950');
    expect(yearsText(null, null)).toBe('');
  });
});
