import type { Person } from '@bagysh/shared';
import { personMessages } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { apiFieldErrors, emptyForm, formOf, parseChild, parseEdit } from './form';

const person: Person = {
  id: 7,
  name: 'Асан',
  sex: 'M',
  father_id: 2,
  mother_id: null,
  father_name: 'Үсөн',
  grandfather_name: 'Тагай',
  birth_year: 1900,
  death_year: 1970,
  is_living: false,
  living: false,
  restricted: false,
  birth_order: 1,
  generation: 3,
  child_count: 0,
  descendant_count: 0,
  father: { id: 2, name: 'Үсөн' },
  mother: null,
  spouses: [],
  birth_date: null,
  death_date: null,
  birth_place: 'Талас',
  death_place: null,
  biography: null,
  photo_file_id: null,
  clan: null,
  birth_year_source: null,
  death_year_source: null,
  names: [],
  events: [],
  unions: [],
  parent_families: [],
  citations: [],
  notes: [],
  media: [],
  version: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('parseEdit', () => {
  it('sends only the changed fields, at the version the form was opened with', () => {
    const result = parseEdit({ ...formOf(person), biography: 'Мугалим болгон.' }, person);
    expect(result).toEqual({ ok: true, data: { biography: 'Мугалим болгон.', version: 4 } });
  });

  it('checks the years with the shared rule and its Kyrgyz message', () => {
    const result = parseEdit({ ...formOf(person), death_year: '1850' }, person);
    expect(result).toEqual({ ok: false, errors: { death_year: personMessages.deathBeforeBirth } });
  });

  it('rejects a year that is not a number', () => {
    const result = parseEdit({ ...formOf(person), birth_year: 'абв' }, person);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.birth_year).toBeTruthy();
  });
});

describe('parseChild', () => {
  it('links the child to the parent as the father, or the mother for a woman', () => {
    const child = parseChild({ ...emptyForm, name: 'Бала' }, person);
    expect(child.ok && child.data.father_id).toBe(7);
    const daughter = parseChild({ ...emptyForm, name: 'Кыз' }, { ...person, sex: 'F' });
    expect(daughter.ok && daughter.data.mother_id).toBe(7);
  });

  it('requires a name', () => {
    const result = parseChild(emptyForm, person);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.name).toBeTruthy();
  });
});

describe('apiFieldErrors', () => {
  it("puts the API's 400 messages under the fields, others on the form", () => {
    expect(apiFieldErrors({ name: ['Ката'], father_id: ['Жок'] })).toEqual({
      name: 'Ката',
      form: 'Жок',
    });
  });
});
