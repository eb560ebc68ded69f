/**
 * Rows in the text format of PostgreSQL's COPY (a line per row, columns separated by tabs,
 * `\N` for null, backslash escapes), which `Database.copyIn` loads several times faster than
 * the same rows as parameters or JSON. A value is written as PostgreSQL reads its column's
 * type from text: numbers and strings as they are (an array column takes its literal, such
 * as `{1,2}`), booleans as t/f, an object or an array as JSON (for a jsonb column).
 */

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;

export type CopyValue = string | number | boolean | object | null | undefined;

// The import's hot path (tens of millions of values): numbers and plain strings skip the escaping.
function copyValue(value: CopyValue): string {
  switch (typeof value) {
    case 'number':
      return String(value);
    case 'string':
      return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c] ?? c) : value;
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value === null || value === undefined ? '\\N' : copyValue(JSON.stringify(value));
  }
}

/** The COPY text of `rows`, each given as its values in the order of the copied columns. */
export function copyText<T>(rows: readonly T[], values: (row: T) => readonly CopyValue[]): string {
  let text = '';
  for (const row of rows) text += `${values(row).map(copyValue).join('\t')}\n`;
  return text;
}

/** `copy "table" ("a", "b") from <source>`, for the constant names of our tables. */
export function copyStatement(table: string, columns: readonly string[], source: string): string {
  const names = [table, ...columns];
  const bad = names.find((name) => !/^[a-z_][a-z0-9_]*$/.test(name));
  if (bad !== undefined) throw new Error(`copy: not a plain identifier: ${bad}`);
  return `copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from ${source}`;
}
