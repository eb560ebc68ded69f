import type { Revision } from '@bagysh/shared';

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  /** The values as the revision holds them (e.g. person ids, shown as the persons' labels). */
  beforeValue: unknown;
  afterValue: unknown;
}

/** The fields whose values are person ids. */
export const PERSON_ID_FIELDS: ReadonlySet<string> = new Set([
  'father_id',
  'mother_id',
  'spouse_ids',
]);

/** The person ids of a value of a `PERSON_ID_FIELDS` field (a number, a list, or nothing). */
export function personIds(value: unknown): number[] {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.filter((id): id is number => typeof id === 'number' && Number.isInteger(id));
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The changed fields of a revision, each with its value before and after. */
export function revisionDiff(revision: Pick<Revision, 'before' | 'after'>): DiffRow[] {
  const before = revision.before ?? {};
  const after = revision.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field !== 'version',
  );
  return fields
    .map((field) => ({
      field,
      before: show(before[field]),
      after: show(after[field]),
      beforeValue: before[field],
      afterValue: after[field],
    }))
    .filter((row) => row.before !== row.after);
}
