import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { localMigrations } from '../backup/backup-format';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createEmptyPostgresDatabase } from './databases';

/**
 * A database without any table on the test project's kind (PGlite in memory, or a new
 * database on the test PostgreSQL server); `close()` drops it.
 */
export async function createEmptyTestDatabase(): Promise<Database> {
  if (inject('dbKind') === 'pglite') return openPglite();
  const empty = await createEmptyPostgresDatabase(inject('postgresAdminUrl'));
  const database = await openPostgres(empty.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * Applies the committed migrations that come before `tag` (`0023_proposals`), as drizzle's
 * migrator does — each one's statements, then its row in `drizzle.__drizzle_migrations` — in
 * one transaction, so that `database.migrate()` afterwards applies `tag` and what follows.
 * For tests of a migration on rows written under the schema before it.
 */
export async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const migrations = localMigrations();
  const index = migrations.findIndex((migration) => migration.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    for (const migration of migrations.slice(0, index)) {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
      );
    }
  });
}
