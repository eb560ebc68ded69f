import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app';
import { queryRows } from './client';

describe('migrations', () => {
  it('have been applied to the test database, pg_trgm included', async () => {
    const database = await createTestDatabase();
    afterAll(() => database.close());
    const extensions = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions).toHaveLength(1);
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((row) => row.table_name)).toContain('app_settings');
  });

  it('can run again without changing anything', async () => {
    const database = await createTestDatabase();
    afterAll(() => database.close());
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
