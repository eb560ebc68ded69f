import { foldKey, type AuthResponse, type LoginInput, type RegisterInput } from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { FieldValidationError, HttpError } from '../../lib/http-errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import {
  normaliseEmail,
  rethrowTaken,
  toUser,
  userSearchKey,
  usersMessages,
} from './users.service';
import type { LoginThrottle } from './login-throttle';
import { issueTokenPair, type SessionSettings } from './sessions';

export const authErrors = {
  badCredentials: 'Колдонуучу аты же сырсөз туура эмес.',
  blocked: 'Бул аккаунт бөгөттөлгөн. Администраторго кайрылыңыз.',
  invalidToken: 'Токен жараксыз же мөөнөтү бүткөн.',
  refreshMissing: 'Сурамда refresh токени жок.',
  tooManyFailures:
    'Бул колдонуучу атына бул даректен өтө көп ийгиликсиз аракет болду. 15 мүнөттөн кийин кайра аракет кылыңыз.',
  slowedDown:
    'Бул колдонуучу атына көп ийгиликсиз аракет болгондуктан, кирүү жайлатылды. Бир нече секунддан кийин кайра аракет кылыңыз.',
} as const;

/** `POST register/`: a new member (role user) signed in at once. */
export async function register(
  db: Db,
  settings: SessionSettings,
  input: RegisterInput,
): Promise<AuthResponse> {
  const usernameKey = foldKey(input.username);
  const email = normaliseEmail(input.email);
  const emailKey = email === null ? null : foldKey(email);

  // Both duplicates in one answer; the unique indexes still decide under a race.
  const taken: Record<string, string[]> = {};
  const [sameName] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameKey, usernameKey));
  if (sameName) taken.username = [usersMessages.usernameTaken];
  if (emailKey !== null) {
    const [sameEmail] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.emailKey, emailKey));
    if (sameEmail) taken.email = [usersMessages.emailTaken];
  }
  if (Object.keys(taken).length > 0) throw new FieldValidationError(taken);

  const passwordHash = await hashPassword(input.password);
  const fullName = input.full_name ?? '';
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          usernameKey,
          email,
          emailKey,
          fullName,
          searchKey: userSearchKey(input.username, fullName),
          passwordHash,
          role: 'user',
          lastSeenAt: sql`now()`,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      const pair = await issueTokenPair(tx, settings, row.id);
      return { ...pair, user: toUser(row) };
    });
  } catch (error) {
    rethrowTaken(error);
  }
}

/**
 * `POST login/` from client `address`. The password check is reserved in the
 * throttle before the user is read (429 with Retry-After when refused), and
 * stays counted as a failure unless the password is right. A wrong password and
 * a missing user answer the same 401 after the same work (one argon2
 * verification, against a dummy hash when the user is missing). A blocked user
 * learns it only with the right password (403).
 */
export async function login(
  db: Db,
  settings: SessionSettings,
  throttle: LoginThrottle,
  input: LoginInput,
  address: string,
): Promise<AuthResponse> {
  const key = foldKey(input.username);
  const reservation = await throttle.reserve(key, address);
  if (!reservation.ok) {
    const message =
      reservation.reason === 'address' ? authErrors.tooManyFailures : authErrors.slowedDown;
    throw new HttpError(429, message, { 'retry-after': String(reservation.retryAfterSeconds) });
  }

  const [row] = await db.select().from(users).where(eq(users.usernameKey, key));
  const passwordHash = row?.passwordHash ?? (await dummyPasswordHash());
  const valid = await verifyPassword(passwordHash, input.password);
  if (!row || !valid) throw new HttpError(401, authErrors.badCredentials);
  await throttle.succeeded(reservation.ticket);
  if (!row.isActive) throw new HttpError(403, authErrors.blocked);

  return db.transaction(async (tx) => {
    const [seen] = await tx
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(users.id, row.id))
      .returning();
    const pair = await issueTokenPair(tx, settings, row.id);
    return { ...pair, user: toUser(seen ?? row) };
  });
}
