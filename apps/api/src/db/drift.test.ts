import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client';
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
