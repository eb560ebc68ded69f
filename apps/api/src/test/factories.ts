import type { FileKind, FileVisibility, Role } from '@bagysh/shared';
import type { App } from '../app';
import { files, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { signToken } from '../lib/tokens';
import { userSearchKey } from '../modules/accounts/users.service';

export const DEFAULT_PASSWORD = 'Tuura-Syrsoz-2024';
let defaultHash: Promise<string> | undefined;
let sequence = 0;

export interface TestUser {
  id: number;
  username: string;
  role: Role;
  password: string;
  /** A valid access token. */
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject({ headers })`. */
  headers: { authorization: string };
}

/** Inserts a user straight into the database and signs an access token for them. */
export async function createTestUser(
  app: App,
  options: { role?: Role; username?: string; fullName?: string; isActive?: boolean } = {},
): Promise<TestUser> {
  sequence += 1;
  const username = options.username ?? `user_${sequence}_${Math.random().toString(36).slice(2, 7)}`;
  const role = options.role ?? 'user';
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const [row] = await app.db
    .insert(users)
    .values({
      username,
      usernameKey: username.toLowerCase(),
      fullName: options.fullName ?? '',
      searchKey: userSearchKey(username, options.fullName ?? ''),
      passwordHash: await defaultHash,
      role,
      isActive: options.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const secret = app.config.jwtSecret ?? '';
  const { token } = await signToken(
    secret,
    // A new user's token generation is 0.
    { sub: row.id, typ: 'access', gen: 0 },
    app.config.accessTokenTtlSeconds,
  );
  return {
    id: row.id,
    username,
    role,
    password: DEFAULT_PASSWORD,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/**
 * A files row without stored bytes: for tests of what refers to files (covers, avatars,
 * photos). Tests of the bytes themselves upload through the API.
 */
export async function createTestFileRow(
  app: App,
  ownerId: number,
  options: {
    kind?: FileKind;
    visibility?: FileVisibility;
    /** An image's size in pixels, as an upload records it. */
    pixels?: { width: number; height: number };
  } = {},
): Promise<number> {
  const kind = options.kind ?? 'image';
  const mimeType =
    kind === 'image' ? 'image/png' : kind === 'pdf' ? 'application/pdf' : 'text/plain';
  const [row] = await app.db
    .insert(files)
    .values({
      name: `test.${kind}`,
      mimeType,
      kind,
      size: 1,
      checksum: '0'.repeat(64),
      ownerId,
      visibility: options.visibility ?? 'public',
      ...options.pixels,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}
