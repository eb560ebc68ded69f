import type { Revision } from '@bagysh/shared';

export interface DiffRow {
  field: string;
  before: string;
  after: string;
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
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }))
    .filter((row) => row.before !== row.after);
}
