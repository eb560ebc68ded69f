import {
  foldKey,
  twoFactorMessages,
  type AuthResponse,
  type LoginInput,
  type LoginResponse,
  type LoginTwoFactorInput,
  type RegisterInput,
  usernameSkeleton,
} from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { FieldValidationError, HttpError } from '../../lib/http-errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import {
  claimUsername,
  normaliseEmail,
  publicColumns,
  rethrowTaken,
  toUser,
  usernameProblem,
  userSearchKey,
  usersMessages,
} from './users.service';
import type { LoginThrottle, LoginTicket } from './login-throttle';
import { issueTokenPair, type SessionSettings } from './sessions';
import type { TwoFactor } from './two-factor.service';

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

  // Both problems in one answer; the unique indexes still decide under a race.
  const taken: Record<string, string[]> = {};
  const nameProblem = await usernameProblem(db, input.username);
  if (nameProblem) taken.username = [nameProblem];
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
      await claimUsername(tx, input.username);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          usernameKey,
          usernameSkeleton: usernameSkeleton(input.username),
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

/** Everything a login needs beside the request. */
export interface LoginContext {
  db: Db;
  settings: SessionSettings;
  throttle: LoginThrottle;
  twoFactor: TwoFactor;
}

/** One check reserved in the throttle for folded `username` from `address`, or the 429. */
async function reserveCheck(
  throttle: LoginThrottle,
  username: string,
  address: string,
): Promise<LoginTicket> {
  const reservation = await throttle.reserve(username, address);
  if (!reservation.ok) {
    const message =
      reservation.reason === 'address' ? authErrors.tooManyFailures : authErrors.slowedDown;
    throw new HttpError(429, message, { 'retry-after': String(reservation.retryAfterSeconds) });
  }
  return reservation.ticket;
}

/** The token pair and the user's record of a finished sign-in; the visit is noted. */
async function signIn(context: LoginContext, userId: number): Promise<AuthResponse> {
  const { db, settings, twoFactor } = context;
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning(publicColumns);
    if (!seen) throw new HttpError(401, authErrors.badCredentials);
    const pair = await issueTokenPair(tx, settings, userId);
    return { ...pair, user: toUser(seen, twoFactor.staff2fa) };
  });
}

/**
 * `POST login/` from client `address`. The password check is reserved in the
 * throttle before the user is read (429 with Retry-After when refused), and
 * stays counted as a failure unless the password is right. A wrong password and
 * a missing user answer the same 401 after the same work (one argon2
 * verification, against a dummy hash when the user is missing). A blocked user
 * learns it only with the right password (403). With two-factor sign-in on, a
 * right password gives no tokens but a challenge for `loginWithCode`, and the
 * address's earlier failures stay counted until the code is right too.
 */
export async function login(
  context: LoginContext,
  input: LoginInput,
  address: string,
): Promise<LoginResponse> {
  const { db, throttle, twoFactor } = context;
  const key = foldKey(input.username);
  const ticket = await reserveCheck(throttle, key, address);

  const [row] = await db.select().from(users).where(eq(users.usernameKey, key));
  const passwordHash = row?.passwordHash ?? (await dummyPasswordHash());
  const valid = await verifyPassword(passwordHash, input.password);
  if (!row || !valid) throw new HttpError(401, authErrors.badCredentials);
  if (row.totpEnabledAt !== null) {
    await throttle.refund(ticket);
    if (!row.isActive) throw new HttpError(403, authErrors.blocked);
    return {
      two_factor_required: true,
      challenge: await twoFactor.challenge(row.id, row.tokenGeneration),
      detail: twoFactorMessages.codeRequired,
    };
  }
  await throttle.succeeded(ticket);
  if (!row.isActive) throw new HttpError(403, authErrors.blocked);
  return signIn(context, row.id);
}

/**
 * `POST login/two-factor/`: the challenge of a right password and a code of the app or a
 * recovery code. Each code is a check reserved in the same throttle as passwords, so a wrong
 * code counts as a failed login of that username from that address. An expired or forged
 * challenge, or one signed before a password change or logout moved the user's token
 * generation on, answers 401 and asks for the password again.
 */
export async function loginWithCode(
  context: LoginContext,
  input: LoginTwoFactorInput,
  address: string,
): Promise<AuthResponse> {
  const { db, throttle, twoFactor } = context;
  const challenge = await twoFactor.readChallenge(input.challenge);
  const [row] = challenge
    ? await db
        .select({
          usernameKey: users.usernameKey,
          isActive: users.isActive,
          tokenGeneration: users.tokenGeneration,
        })
        .from(users)
        .where(eq(users.id, challenge.userId))
    : [];
  if (!challenge || !row || row.tokenGeneration !== challenge.generation) {
    throw new HttpError(401, twoFactorMessages.challengeExpired);
  }
  if (!row.isActive) throw new HttpError(403, authErrors.blocked);
  const ticket = await reserveCheck(throttle, row.usernameKey, address);
  if (!(await twoFactor.checkSecondFactor(challenge.userId, input.code, true))) {
    throw new HttpError(401, twoFactorMessages.wrongCode);
  }
  await throttle.succeeded(ticket);
  return signIn(context, challenge.userId);
}
