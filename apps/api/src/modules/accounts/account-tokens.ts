import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { hashLinkSecret, newLinkSecret } from '../../lib/tokens';

/**
 * One-time account links (docs/security.md, One-time links): 32 random bytes in the link, only
 * their SHA-256 in the database, used once, valid until their expiry.
 */

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export const accountTokenMessages = {
  invalid: 'Бул шилтеме жараксыз же мурда колдонулган. Жаңы шилтеме сураңыз.',
  expired: 'Бул шилтеменин мөөнөтү бүттү. Жаңы шилтеме сураңыз.',
} as const;

/** Makes a link token for `userId` and stores its hash; answers the token and its expiry. */
export async function createAccountToken(
  db: Db,
  values: {
    userId: number;
    purpose: AccountTokenPurpose;
    ttlMs: number;
    email?: string;
    createdById?: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newLinkSecret();
  const expiresAt = new Date(Date.now() + values.ttlMs);
  await db.insert(accountTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: hash,
    email: values.email ?? null,
    createdById: values.createdById ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The row of a token that may still be used, or a 400 saying why not: unknown or used
 * (one message: a used link and a forged one look alike), or expired.
 */
export async function usableToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(eq(accountTokens.tokenHash, hashLinkSecret(token)), eq(accountTokens.purpose, purpose)),
    );
  if (!row || row.usedAt !== null) throw new HttpError(400, accountTokenMessages.invalid);
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(400, accountTokenMessages.expired);
  return row;
}

/**
 * Marks a token used by one conditional UPDATE, so that of two requests with the same link
 * exactly one goes on; the other gets the "used" answer.
 */
export async function useToken(db: Db, id: number): Promise<void> {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.id, id),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: accountTokens.id });
  if (!used) throw new HttpError(400, accountTokenMessages.invalid);
}

/** Voids the still-unused links of one purpose of a user (a new password voids older resets). */
export async function voidTokens(db: Db, userId: number, purpose: AccountTokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}
