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

  // A GEDCOM file from a Kyrgyz family often writes the patronymic as the surname:
  // "Баатыр /Токтосун уулу/", whose father is "Токтосун /Бообек уулу/".
  it('takes a parent by their own name, without the patronymic the parent carries', () => {
    const baatyr = {
      ...aibek,
      name: 'Баатыр',
      father_name: 'Токтосун Бообек уулу',
      grandfather_name: 'Бообек  Садыр уулу',
    };
    expect(personLabel(baatyr)).toBe('Баатыр Токтосун уулу (Бообек) 1827–1895');
    expect(personLabel({ ...baatyr, sex: 'F', father_name: 'Токтосун Бообек кызы' })).toBe(
      'Баатыр Токтосун кызы (Бообек) 1827–1895',
    );
    expect(personLabel({ ...baatyr, sex: 'U', father_name: 'Токтосун Бообектин баласы' })).toBe(
      'Баатыр Токтосундун баласы (Бообек) 1827–1895',
    );
    // A two-word name is a name, not a patronymic.
    expect(personLabel({ ...baatyr, father_name: 'Сары Бай' })).toBe(
      'Баатыр Сары Бай уулу (Бообек) 1827–1895',
    );
  });

  it('does not repeat a patronymic the name carries already', () => {
    expect(
      personLabel({ ...aibek, name: 'Баатыр Токтосун уулу', father_name: 'Токтосун Бообек уулу' }),
    ).toBe('Баатыр Токтосун уулу (Мырзабек) 1827–1895');
    expect(personLabelParts({ ...aibek, name: 'Айбек Чоткара уулу' }).patronymic).toBeNull();
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
