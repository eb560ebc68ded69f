import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { foldKey, UsernameSchema, usernameSkeleton } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { uniqueViolation, userSearchKey } from './users.service';

export const DEFAULT_ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

export interface FirstAdminOptions {
  /** ADMIN_USERNAME; unset → "admin". */
  username?: string;
  /** ADMIN_PASSWORD; unset → a generated one, printed once and kept in `dataDir`. */
  password?: string;
  dataDir: string;
  /** Where the lines for the person starting the server go (console.log by default). */
  print?: (text: string) => void;
}

export type FirstAdminResult =
  { created: false } | { created: true; username: string; passwordFile: string | undefined };

/**
 * Creates the first admin on start when no admin exists (any admin, even a
 * blocked one, counts; an existing admin's password is never touched). Without
 * ADMIN_PASSWORD a password is generated, printed once with the username and
 * written to DATA_DIR/admin-password.txt (mode 600).
 */
export async function ensureFirstAdmin(
  db: Db,
  options: FirstAdminOptions,
): Promise<FirstAdminResult> {
  const print = options.print ?? ((text: string) => console.log(text));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  if (admin) return { created: false };

  const parsed = UsernameSchema.safeParse(options.username ?? DEFAULT_ADMIN_USERNAME);
  if (!parsed.success) {
    throw new Error(
      `ADMIN_USERNAME=${JSON.stringify(options.username)} is not a valid username: ` +
        '3–32 letters, digits or _.',
    );
  }
  const username = parsed.data;
  const usernameKey = foldKey(username);
  const [sameName] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameKey, usernameKey));
  if (sameName) {
    throw new Error(
      `No admin exists, and the account "${username}" (ADMIN_USERNAME) exists but is not an ` +
        'admin. Set ADMIN_USERNAME to a free name to create the first admin.',
    );
  }

  const generated = options.password === undefined;
  // 96 random bits in hex: easy to copy, nothing a shell or a form would mangle.
  const password = options.password ?? randomBytes(12).toString('hex');
  try {
    await db.insert(users).values({
      username,
      usernameKey,
      usernameSkeleton: usernameSkeleton(username),
      searchKey: userSearchKey(username, ''),
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
  } catch (error) {
    // Another API process starting at the same moment created it first.
    if (uniqueViolation(error) !== undefined) return { created: false };
    throw error;
  }

  if (!generated) {
    print(`First admin account "${username}" created from ADMIN_USERNAME/ADMIN_PASSWORD.`);
    return { created: true, username, passwordFile: undefined };
  }

  const file = join(options.dataDir, ADMIN_PASSWORD_FILE);
  let saved = true;
  try {
    await mkdir(options.dataDir, { recursive: true });
    await writeFile(file, `username: ${username}\npassword: ${password}\n`, { mode: 0o600 });
    // `mode` applies only to a new file; an old one keeps its permissions otherwise.
    await chmod(file, 0o600);
  } catch {
    // The account exists now: the console is the only other place the password goes,
    // so failing the start here would lose it for good.
    saved = false;
  }
  print(
    [
      '',
      '================ Биринчи администратор / First admin account ================',
      `  username: ${username}`,
      `  password: ${password}`,
      saved
        ? `  Also saved in ${file} (readable by this user only).`
        : `  Could NOT be saved in ${file}: note it now, it is shown only once.`,
      '  Sign in and change the password in the profile.',
      '=============================================================================',
      '',
    ].join('\n'),
  );
  return { created: true, username, passwordFile: saved ? file : undefined };
}
