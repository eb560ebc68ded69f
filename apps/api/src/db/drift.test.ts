import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { openPglite, queryRows } from './client';
import { API_ROOT, MIGRATIONS_DIR } from '../lib/paths';

describe('migrations', () => {
  it('apply to a brand-new database', async () => {
    const database = await openPglite();
    try {
      await database.migrate();
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('0009 clears references to missing files and categories, then adds the foreign keys', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bagysh-0009-'));
    const database = await openPglite();
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { tag: string }[];
      };
      const upTo0008 = journal.entries.filter((entry) => entry.tag < '0009');
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: upTo0008 }));
      const pgliteDb = database.db as unknown as Parameters<typeof migrate>[0];
      await migrate(pgliteDb, { migrationsFolder: folder });

      // Written while nothing enforced them: ids of rows that never existed.
      await database.db.execute(sql`
        insert into users (username, username_key, password_hash, avatar_file_id)
          values ('old', 'old', 'x', 9001)`);
      await database.db.execute(sql`
        insert into files (name, mime_type, kind, size, checksum, owner_id, category_id)
          select 'a.pdf', 'application/pdf', 'pdf', 1, 'c', id, 9002 from users`);
      await database.db.execute(sql`
        insert into posts (kind, title, cover_file_id) values ('news', 'Эски', 9003)`);
      await database.db.execute(sql`
        insert into persons (name, name_key, photo_file_id) values ('Эски', 'eski', 9004)`);

      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(pgliteDb, { migrationsFolder: folder });
      const [left] = await queryRows<Record<string, number | null>>(
        database.db,
        sql`select (select avatar_file_id from users) as avatar,
                   (select category_id from files) as category,
                   (select cover_file_id from posts) as cover,
                   (select photo_file_id from persons) as photo,
                   (select count(*)::int from files) as files`,
      );
      expect(left).toEqual({ avatar: null, category: null, cover: null, photo: null, files: 1 });
      await expect(
        database.db.execute(sql`update posts set cover_file_id = 9003`),
      ).rejects.toThrow();
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('match the schema: drizzle-kit generate finds nothing new (drift check)', () => {
    const out = mkdtempSync(join(tmpdir(), 'bagysh-drift-'));
    try {
      cpSync(MIGRATIONS_DIR, out, { recursive: true });
      const before = readdirSync(out).sort();
      execFileSync(
        'npx',
        [
          'drizzle-kit',
          'generate',
          '--dialect=postgresql',
          '--schema=./src/db/schema/index.ts',
          `--out=${out}`,
          '--casing=snake_case',
          '--name=drift',
        ],
        { cwd: API_ROOT, stdio: 'pipe' },
      );
      expect(
        readdirSync(out).sort(),
        'the schema changed without a migration: run npm run db:generate -w @bagysh/api',
      ).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
