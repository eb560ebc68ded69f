import {
  foldKey,
  foldName,
  hasRole,
  isPasswordSameAsUsername,
  mustSetUpTwoFactor,
  authMessages,
  ONLINE_WINDOW_MS,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  type Role,
  type Staff2fa,
  type TokenPair,
  type User,
  type UserAdmin,
  type UserAdminUpdateInput,
  type UserListItem,
  type UsersListQuery,
  type UsersPage,
  usernameSkeleton,
} from '@bagysh/shared';
import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, FieldValidationError, forbidden, notFound } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { CurrentUser } from '../../plugins/auth';
import { postgresError, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { pageLinks } from '../../lib/pagination';
import { issueTokenPair, revokeUserSessions, type SessionSettings } from './sessions';
import { referencedFile } from '../../files/files.service';

export const usersMessages = {
  usernameTaken: 'Бул колдонуучу аты ээленген.',
  emailTaken: 'Бул электрондук почта башка колдонуучуда катталган.',
  wrongOldPassword: 'Учурдагы сырсөз туура эмес.',
  onlyAdminChangesRoles: 'Ролду администратор гана өзгөртө алат.',
  moderatorLimits: 'Модератор администраторду же башка модераторду бөгөттөй албайт.',
  notYourself: 'Өз ролуңузду же абалыңызды өзгөртө албайсыз.',
  lastAdmin: 'Акыркы активдүү администраторду төмөндөтүүгө же бөгөттөөгө болбойт.',
  avatarNotFound: 'Мындай сүрөт файлы табылган жок.',
  avatarNotAllowed: 'Аватар катары өзүңүз жүктөгөн же баарына ачык сүрөт гана тандалат.',
} as const;

/** Every column a response may show — never the password hash. */
export const publicColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  role: users.role,
  isActive: users.isActive,
  avatarFileId: users.avatarFileId,
  lastSeenAt: users.lastSeenAt,
  totpEnabledAt: users.totpEnabledAt,
  createdAt: users.createdAt,
  // Spelled out: Drizzle writes a column of a one-table select without its table's name.
  isSteward: sql<boolean>`exists (select 1 from branch_stewards s where s.user_id = "users"."id")`,
};

export interface UserRow {
  id: number;
  username: string;
  fullName: string;
  email: string | null;
  emailVerifiedAt: Date | null;
  role: Role;
  isActive: boolean;
  avatarFileId: number | null;
  lastSeenAt: Date | null;
  /** When two-factor sign-in was turned on; null while off. */
  totpEnabledAt: Date | null;
  createdAt: Date;
  /** Keeps a branch (genealogy/stewards.ts); read by `publicColumns`, false when not read. */
  isSteward?: boolean;
}

/** The files API serves every uploaded file, avatars included, at this address. */
export function avatarUrl(fileId: number | null): string | null {
  return fileId === null ? null : `/api/files/${fileId}/download/`;
}

export function isOnline(lastSeenAt: Date | null, now: number = Date.now()): boolean {
  return lastSeenAt !== null && now - lastSeenAt.getTime() <= ONLINE_WINDOW_MS;
}

/** What the users directory searches: both the username and the full name, folded. */
export function userSearchKey(username: string, fullName: string): string {
  return `${foldName(username)} ${foldName(fullName)}`.trim();
}

// Any constant will do: the key of the lock that names are taken under (`claimUsername`).
const USERNAME_LOCK_KEY = 5_005_002;

/**
 * Why `username` may not be taken, as its field error: another account has it (letter case
 * ignored), or has a name that reads the same (docs/security.md, Look-alike usernames).
 * `exceptId` is the account being renamed, which keeps its own name. A quick answer before
 * any work; the write itself checks again under the lock (`claimUsername`).
 */
export async function usernameProblem(
  db: Db,
  username: string,
  exceptId?: number,
): Promise<string | undefined> {
  const key = foldKey(username);
  const skeleton = usernameSkeleton(username);
  const rows = await db
    .select({ key: users.usernameKey, name: users.username, skeleton: users.usernameSkeleton })
    .from(users)
    .where(
      and(
        or(
          eq(users.usernameKey, key),
          eq(users.usernameSkeleton, skeleton),
          isNull(users.usernameSkeleton),
        ),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  if (rows.some((row) => row.key === key)) return usersMessages.usernameTaken;
  if (rows.some((row) => (row.skeleton ?? usernameSkeleton(row.name)) === skeleton)) {
    return authMessages.usernameLookAlike;
  }
  return undefined;
}

/**
 * In the transaction `tx` that writes `username` to an account: waits for every other such
 * transaction, then checks the name once more. Two look-alikes registering at the same moment
 * would both pass the first check; under the lock the second sees the first's row. The unique
 * index alone only stops equal names.
 */
export async function claimUsername(tx: Db, username: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USERNAME_LOCK_KEY}::bigint)`);
  const problem = await usernameProblem(tx, username, exceptId);
  if (problem) throw new FieldValidationError({ username: [problem] });
}

/** The user's own record; `staff2fa` is the STAFF_2FA setting, which may ask for a set-up. */
export function toUser(row: UserRow, staff2fa: Staff2fa = 'optional'): User {
  const twoFactor = row.totpEnabledAt !== null;
  return {
    id: row.id,
    username: row.username,
    full_name: row.fullName,
    email: row.email,
    email_verified: row.email !== null && row.emailVerifiedAt !== null,
    role: row.role,
    avatar: avatarUrl(row.avatarFileId),
    date_joined: row.createdAt.toISOString(),
    two_factor_enabled: twoFactor,
    two_factor_setup_required: mustSetUpTwoFactor(staff2fa, row.role, twoFactor),
    is_steward: row.isSteward ?? false,
  };
}

export function toAdminUser(row: UserRow): UserAdmin {
  return {
    ...toUser(row),
    is_active: row.isActive,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    online: isOnline(row.lastSeenAt),
  };
}

/** The name of the unique index a failed insert or update hit, if that was the failure. */
export function uniqueViolation(error: unknown): string | undefined {
  const failure = postgresError(error);
  return failure?.code === UNIQUE_VIOLATION ? (failure.constraint ?? '') : undefined;
}

/** Turns a unique-index failure on username or e-mail into the form's 400. */
export function rethrowTaken(error: unknown): never {
  const index = uniqueViolation(error);
  if (index === 'users_username_key_unique') {
    throw new FieldValidationError({ username: [usersMessages.usernameTaken] });
  }
  if (index === 'users_email_key_unique') {
    throw new FieldValidationError({ email: [usersMessages.emailTaken] });
  }
  throw error;
}

/** '' and null both mean "no e-mail". */
export function normaliseEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export async function findUserRow(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function getUser(db: Db, id: number, staff2fa?: Staff2fa): Promise<User> {
  const row = await findUserRow(db, id);
  if (!row) throw notFound();
  return toUser(row, staff2fa);
}

/**
 * `PATCH user/`: username (free, and like no other account's: `usernameProblem`), full name,
 * e-mail (unique, case-insensitively) and avatar. A new e-mail address
 * is unconfirmed until its link is opened; `emailChanged` tells the caller to mail that link.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: ProfileUpdateInput,
  staff2fa?: Staff2fa,
): Promise<{ user: User; emailChanged: boolean }> {
  const current = await findUserRow(db, userId);
  if (!current) throw notFound();
  const changes: Partial<typeof users.$inferInsert> = {};
  let emailChanged = false;
  if (input.username !== undefined && input.username !== current.username) {
    const problem = await usernameProblem(db, input.username, userId);
    if (problem) throw new FieldValidationError({ username: [problem] });
    changes.username = input.username;
    changes.usernameKey = foldKey(input.username);
    changes.usernameSkeleton = usernameSkeleton(input.username);
  }
  if (input.full_name !== undefined) changes.fullName = input.full_name;
  if (changes.username !== undefined || changes.fullName !== undefined) {
    changes.searchKey = userSearchKey(
      changes.username ?? current.username,
      changes.fullName ?? current.fullName,
    );
  }
  if (input.email !== undefined) {
    const email = normaliseEmail(input.email);
    changes.email = email;
    changes.emailKey = email === null ? null : foldKey(email);
    if (changes.emailKey !== (current.email === null ? null : foldKey(current.email))) {
      changes.emailVerifiedAt = null;
      emailChanged = true;
    }
    if (email !== null) {
      const [other] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.emailKey, foldKey(email)), ne(users.id, userId)));
      if (other) throw new FieldValidationError({ email: [usersMessages.emailTaken] });
    }
  }
  if (input.avatar_file_id !== undefined) {
    if (input.avatar_file_id !== null) {
      const file = await referencedFile(
        db,
        input.avatar_file_id,
        'avatar_file_id',
        usersMessages.avatarNotFound,
      );
      // Others' members-only files stay theirs: an avatar may not pass them around.
      const mayUse = file.visibility === 'public' || file.ownerId === userId;
      if (file.kind !== 'image' || !mayUse) {
        throw new FieldValidationError({ avatar_file_id: [usersMessages.avatarNotAllowed] });
      }
    }
    changes.avatarFileId = input.avatar_file_id;
  }
  if (Object.keys(changes).length === 0) return { user: toUser(current, staff2fa), emailChanged };

  try {
    const row = await db.transaction(async (tx) => {
      if (changes.username !== undefined) await claimUsername(tx, changes.username, userId);
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning(publicColumns);
      return updated;
    });
    if (!row) throw notFound();
    return { user: toUser(row, staff2fa), emailChanged };
  } catch (error) {
    rethrowTaken(error);
  }
}

/**
 * `POST user/password/`: checks the old password, stores the new one and ends
 * every session of the user; the caller continues with the new pair answered.
 */
export async function changePassword(
  db: Db,
  settings: SessionSettings,
  userId: number,
  input: PasswordChangeInput,
): Promise<TokenPair> {
  const [row] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  if (!(await verifyPassword(row.passwordHash, input.old_password))) {
    throw new FieldValidationError({ old_password: [usersMessages.wrongOldPassword] });
  }
  if (isPasswordSameAsUsername(input.new_password, row.username)) {
    throw new FieldValidationError({ new_password: [authMessages.passwordSameAsUsername] });
  }
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    return issueTokenPair(tx, settings, userId);
  });
}

/**
 * `GET users/`: the members directory. Everyone signed in sees active members'
 * public fields; admins and moderators see blocked members too, and e-mail,
 * status and last visit.
 */
export async function listUsers(
  db: Db,
  viewer: CurrentUser,
  query: UsersListQuery,
  url: URL,
): Promise<UsersPage> {
  const staff = hasRole(viewer.role, 'moderator');
  const filters: (SQL | undefined)[] = [];
  if (!staff) filters.push(eq(users.isActive, true));
  else if (query.is_active !== undefined) filters.push(eq(users.isActive, query.is_active));
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    // strpos, not LIKE: no wildcard escaping, and the keys are folded in code.
    const folded = foldName(query.q);
    const lowered = foldKey(query.q);
    filters.push(
      or(
        folded === '' ? undefined : sql`strpos(${users.searchKey}, ${folded}) > 0`,
        sql`strpos(${users.usernameKey}, ${lowered}) > 0`,
      ),
    );
  }
  const where = and(...filters);

  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(where)
    .orderBy(sql`${users.username} collate "und-x-icu"`, asc(users.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);

  const now = Date.now();
  const results = rows.map((row): UserListItem => {
    const item: UserListItem = {
      id: row.id,
      username: row.username,
      full_name: row.fullName,
      avatar: avatarUrl(row.avatarFileId),
      role: row.role,
      online: row.isActive && isOnline(row.lastSeenAt, now),
    };
    if (!staff) return item;
    return {
      ...item,
      email: row.email,
      is_active: row.isActive,
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      date_joined: row.createdAt.toISOString(),
    };
  });
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results };
}

/**
 * `PATCH users/{id}/`: admins change roles, admins and moderators block and
 * unblock (moderators only plain members). Nobody changes their own role or
 * status, and the last active admin can be neither demoted nor blocked. The
 * active admins are locked first, so two admins demoting each other at the same
 * moment cannot both succeed.
 */
export async function updateUserAsStaff(
  db: Db,
  actor: CurrentUser,
  targetId: number,
  input: UserAdminUpdateInput,
): Promise<UserAdmin> {
  return db.transaction(async (tx) => {
    const activeAdmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx
      .select(publicColumns)
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!target) throw notFound();

    const actorIsAdmin = actor.role === 'admin';
    if (input.role !== undefined && !actorIsAdmin) {
      throw forbidden(usersMessages.onlyAdminChangesRoles);
    }
    if (!actorIsAdmin && target.role !== 'user') throw forbidden(usersMessages.moderatorLimits);

    const role = input.role ?? target.role;
    const isActive = input.is_active ?? target.isActive;
    if (role === target.role && isActive === target.isActive) return toAdminUser(target);
    if (target.id === actor.id) throw forbidden(usersMessages.notYourself);

    // With the rules above this can only happen in a race (two admins demoting each
    // other, or an actor demoted meanwhile): the locked rows make the second one see it.
    const losesAdmin =
      target.role === 'admin' && target.isActive && (role !== 'admin' || !isActive);
    if (losesAdmin && !activeAdmins.some((admin) => admin.id !== target.id)) {
      throw conflict(usersMessages.lastAdmin);
    }

    const [row] = await tx
      .update(users)
      .set({ role, isActive, updatedAt: sql`now()` })
      .where(eq(users.id, target.id))
      .returning(publicColumns);
    if (!row) throw notFound();
    // A blocked member's sessions end now, not when their refresh token expires.
    if (target.isActive && !isActive) await revokeUserSessions(tx, target.id);
    return toAdminUser(row);
  });
}
