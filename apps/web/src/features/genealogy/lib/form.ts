import { CreatePersonInput, UpdatePersonInput, type Person, type Sex } from '@bagysh/shared';

/** The fields of the person form, as the inputs hold them (text). */
export interface PersonFormValues {
  name: string;
  sex: Sex;
  birth_year: string;
  death_year: string;
  birth_place: string;
  death_place: string;
  biography: string;
  is_living: boolean;
}

export type FieldErrors = Partial<Record<keyof PersonFormValues | 'form', string>>;

export const emptyForm: PersonFormValues = {
  name: '',
  sex: 'M',
  birth_year: '',
  death_year: '',
  birth_place: '',
  death_place: '',
  biography: '',
  is_living: false,
};

export function formOf(person: Person): PersonFormValues {
  return {
    name: person.name,
    sex: person.sex,
    birth_year: person.birth_year === null ? '' : String(person.birth_year),
    death_year: person.death_year === null ? '' : String(person.death_year),
    birth_place: person.birth_place ?? '',
    death_place: person.death_place ?? '',
    biography: person.biography ?? '',
    is_living: person.is_living,
  };
}

/** A year input: '' is null, anything else a number (the schema rejects what is not a year). */
function year(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

function fields(values: PersonFormValues) {
  return {
    name: values.name,
    sex: values.sex,
    birth_year: year(values.birth_year),
    death_year: year(values.death_year),
    birth_place: values.birth_place,
    death_place: values.death_place,
    biography: values.biography,
    is_living: values.is_living,
  };
}

function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = (typeof issue.path[0] === 'string' ? issue.path[0] : 'form') as keyof FieldErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A new child of `parent` (as the father, or the mother when she is a woman). */
export function parseChild(values: PersonFormValues, parent: Person): Parsed<CreatePersonInput> {
  const result = CreatePersonInput.safeParse({
    ...fields(values),
    ...(parent.sex === 'F' ? { mother_id: parent.id } : { father_id: parent.id }),
  });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: errorsOf(result.error.issues) };
}

/** Only the changed fields, at the version the form was opened with. */
export function parseEdit(values: PersonFormValues, person: Person): Parsed<UpdatePersonInput> {
  const before = fields(formOf(person));
  const after = fields(values);
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    const rawA = after[key];
    const rawB = before[key];
    const a = typeof rawA === 'string' ? rawA.trim() : rawA;
    const b = typeof rawB === 'string' ? rawB.trim() : rawB;
    if (a !== b) changed[key] = after[key];
  }
  // Years are checked together: send both when one changed.
  if ('birth_year' in changed || 'death_year' in changed) {
    changed.birth_year = after.birth_year;
    changed.death_year = after.death_year;
  }
  const result = UpdatePersonInput.safeParse({ ...changed, version: person.version });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: errorsOf(result.error.issues) };
}

/** API 400 field messages under the form's fields. */
export function apiFieldErrors(fieldErrors: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (!message) continue;
    const field = (key in emptyForm ? key : 'form') as keyof FieldErrors;
    errors[field] ??= message;
  }
  return errors;
}
