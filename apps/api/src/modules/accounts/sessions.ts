import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@bagysh/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import type { Config } from '../../env';
import { signToken, verifyToken } from '../../lib/tokens';

/** What signing a session needs, taken once from the config. */
export interface SessionSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export function sessionSettings(config: Config): SessionSettings {
  if (!config.jwtSecret) throw new Error('sessions need config.jwtSecret');
  return {
    secret: config.jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  };
}

/**
 * Signs an access and a refresh token for `userId` and records the refresh token.
 * `familyId` continues a login (rotation); without it a new login begins.
 */
export async function issueTokenPair(
  db: Db,
  settings: SessionSettings,
  userId: number,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = await signToken(
    settings.secret,
    { sub: userId, typ: 'refresh', fam: familyId },
    settings.refreshTtlSeconds,
  );
  await db.insert(refreshTokens).values({
    id: refresh.jti,
    userId,
    familyId,
    expiresAt: refresh.expiresAt,
  });
  const [user] = await db
    .select({ tokenGeneration: users.tokenGeneration })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId} to sign a token for`);
  const access = await signToken(
    settings.secret,
    { sub: userId, typ: 'access', gen: user.tokenGeneration },
    settings.accessTtlSeconds,
  );
  return { access: access.token, refresh: refresh.token };
}

/** Revokes every still-valid token of one login. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Voids every access token of a user signed so far (the auth plugin compares
 * generations). Their logins that still hold a valid refresh token get a new
 * access token at their next refresh, which the web client makes after a 401.
 */
export async function bumpTokenGeneration(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenGeneration: sql`${users.tokenGeneration} + 1` })
    .where(eq(users.id, userId));
}

/** Ends every session of a user now: refresh tokens revoked, access tokens voided. */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await bumpTokenGeneration(db, userId);
}

/**
 * Exchanges a refresh token for a new pair of the same login, or answers null
 * (the caller's 401) for a forged, expired, revoked or unknown token or a blocked
 * user. The old token is revoked by one conditional UPDATE … RETURNING, so of two
 * concurrent refreshes with the same token exactly one wins, on PostgreSQL too.
 * Presenting a token that was already revoked is a reuse: a stolen copy or a
 * replay. The whole family is then revoked, the new pair of whoever rotated it
 * included.
 */
export async function rotateRefreshToken(
  db: Db,
  settings: SessionSettings,
  token: string,
): Promise<TokenPair | null> {
  const claims = await verifyToken(settings.secret, token, 'refresh');
  if (!claims) return null;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.id, claims.jti),
          eq(refreshTokens.userId, claims.sub),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!used) {
      const [row] = await tx
        .select({
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          revokedAt: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, claims.jti));
      if (row?.revokedAt) {
        await revokeFamily(tx, row.familyId);
        // Whoever holds the stolen copy may hold its access token too.
        await bumpTokenGeneration(tx, row.userId);
      }
      return null;
    }
    const [user] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, used.userId));
    if (!user?.isActive) {
      await revokeFamily(tx, used.familyId);
      return null;
    }
    return issueTokenPair(tx, settings, used.userId, used.familyId);
  });
}

/**
 * Ends the login a refresh token belongs to, and voids every access token of its
 * user: the access token of this login cannot be told from the others, so the
 * user's other logins refresh once. An invalid token has nothing to end.
 */
export async function endSession(db: Db, settings: SessionSettings, token: string): Promise<void> {
  const claims = await verifyToken(settings.secret, token, 'refresh');
  if (!claims) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, claims.jti));
    if (!row) return;
    await revokeFamily(tx, row.familyId);
    await bumpTokenGeneration(tx, row.userId);
  });
}
