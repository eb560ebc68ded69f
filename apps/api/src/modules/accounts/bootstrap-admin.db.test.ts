import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createTestDatabase } from '../../test/app';
import { ADMIN_PASSWORD_FILE, ensureFirstAdmin } from './bootstrap-admin';

let database: Database;
let dataDir: string;
let printed: string[];
const print = (text: string) => printed.push(text);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  // Every test starts with no account at all (refresh tokens go with the cascade).
  await database.db.delete(users);
  dataDir = join(mkdtempSync(join(tmpdir(), 'bagysh-admin-')), 'data');
  printed = [];
});
afterEach(() => {
  rmSync(dirname(dataDir), { recursive: true, force: true });
});

async function admins() {
  return database.db.select().from(users).where(eq(users.role, 'admin'));
}

describe('ensureFirstAdmin', () => {
  it('creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD without printing the password', async () => {
    const result = await ensureFirstAdmin(database.db, {
      username: 'Bashchy',
      password: 'Given-password-9',
      dataDir,
      print,
    });
    expect(result).toEqual({ created: true, username: 'Bashchy', passwordFile: undefined });
    const [admin, ...others] = await admins();
    expect(others).toEqual([]);
    expect(admin).toMatchObject({ username: 'Bashchy', usernameKey: 'bashchy', isActive: true });
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Given-password-9')).toBe(true);
    expect(printed.join('\n')).not.toContain('Given-password-9');
    expect(() => statSync(join(dataDir, ADMIN_PASSWORD_FILE))).toThrow();
  });

  it('without a password, generates one, prints it once with the username and saves it (600)', async () => {
    const result = await ensureFirstAdmin(database.db, { dataDir, print });
    expect(result).toMatchObject({ created: true, username: 'admin' });
    const file = join(dataDir, ADMIN_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = readFileSync(file, 'utf8');
    const password = /password: (\S+)/.exec(saved)?.[1] ?? '';
    expect(saved).toContain('username: admin');
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('username: admin');
    expect(printed[0]).toContain(`password: ${password}`);
    const [admin] = await admins();
    expect(await verifyPassword(admin?.passwordHash ?? '', password)).toBe(true);

    // The next start finds the admin: nothing printed, nothing rewritten.
    printed = [];
    expect(await ensureFirstAdmin(database.db, { dataDir, print })).toEqual({ created: false });
    expect(printed).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(saved);
    expect(await admins()).toHaveLength(1);
  });

  it('never touches an existing admin, even a blocked one, whatever the settings say', async () => {
    const passwordHash = await hashPassword('Original-password-1');
    await database.db.insert(users).values({
      username: 'Chief',
      usernameKey: 'chief',
      passwordHash,
      role: 'admin',
      isActive: false,
    });
    const result = await ensureFirstAdmin(database.db, {
      username: 'Chief',
      password: 'Replaced-password-2',
      dataDir,
      print,
    });
    expect(result).toEqual({ created: false });
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.passwordHash).toBe(passwordHash);
    expect(printed).toEqual([]);
  });

  it('gives a password file left by an earlier installation owner-only permissions', async () => {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, ADMIN_PASSWORD_FILE);
    writeFileSync(file, 'old', { mode: 0o644 });
    await ensureFirstAdmin(database.db, { dataDir, print });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('username: admin');
  });

  it('refuses an invalid ADMIN_USERNAME and a name held by a non-admin', async () => {
    await expect(
      ensureFirstAdmin(database.db, { username: 'no spaces', dataDir, print }),
    ).rejects.toThrow(/ADMIN_USERNAME/);
    await database.db.insert(users).values({
      username: 'Admin',
      usernameKey: 'admin',
      passwordHash: await hashPassword('Member-password-1'),
    });
    await expect(ensureFirstAdmin(database.db, { dataDir, print })).rejects.toThrow(
      /ADMIN_USERNAME/,
    );
    expect(await admins()).toEqual([]);
    expect(printed).toEqual([]);
  });
});
