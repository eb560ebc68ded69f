import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app';
import { queryRows } from './client';
import { copyStatement, copyText } from './copy-text';

describe('copyIn (COPY text format)', () => {
  it('loads every kind of value back exactly as written', async () => {
    const database = await createTestDatabase();
    afterAll(() => database.close());
    await database.db.execute(sql`create table copy_probe (id int, label text, flag boolean,
      data jsonb, path int[])`);
    const rows = [
      {
        id: 1,
        label: 'Ат-Башы\tНарын\nКыргызстан',
        flag: true,
        data: { a: 'x\\y "q"' },
        path: '{1,2}',
      },
      {
        id: 2,
        label: 'C:\\ата\\\\бала\r\n',
        flag: false,
        data: [{ tag: '_UID', value: '\t' }],
        path: '{}',
      },
      { id: 3, label: '\\N', flag: null, data: null, path: null },
      { id: 4, label: '', flag: true, data: { emoji: '🌳', text: 'a\nb' }, path: '{3}' },
    ];
    const columns = ['id', 'label', 'flag', 'data', 'path'] as const;
    await database.copyIn(
      'copy_probe',
      columns,
      copyText(rows, (row) => columns.map((c) => row[c])),
    );
    const back = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, label, flag, data, path::text as path from copy_probe order by id`,
    );
    expect(back).toEqual(rows);
  });

  it('refuses a table or column name that is not a plain identifier', () => {
    expect(() => copyStatement('persons; drop table users', ['id'], 'stdin')).toThrow();
    expect(() => copyStatement('persons', ['id"'], 'stdin')).toThrow();
    expect(copyStatement('persons', ['id', 'name_key'], 'stdin')).toBe(
      'copy "persons" ("id", "name_key") from stdin',
    );
  });
});
