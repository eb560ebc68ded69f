import {
  ACCOUNT_LINK_PATHS,
  ADMIN_RESET_TTL_MS,
  EMAIL_CONFIRM_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  authMessages,
  foldKey,
  isPasswordSameAsUsername,
  type AdminResetLink,
  type PasswordResetConfirmInput,
} from '@bagysh/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { FieldValidationError, HttpError, notFound } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { createLimiter } from '../../lib/rate-limits';
import type { Mailer } from '../../mail/mailer';
import { emailConfirmMail, passwordResetMail } from './account-mails';
import { createAccountToken, usableToken, useToken, voidTokens } from './account-tokens';
import { revokeUserSessions } from './sessions';

const HOUR = 60 * 60_000;

export const accountLinkErrors = {
  emailChanged: 'Бул шилтеме аккаунтуңуздун азыркы дарегине тиешелүү эмес. Жаңы шилтеме сураңыз.',
  noEmail: 'Аккаунтуңузда электрондук почта жок.',
  alreadyConfirmed: 'Электрондук почтаңыз мурда эле ырасталган.',
} as const;

/** Whether a limiter still lets `key` through; a refusal is an answer, not an error. */
async function allowed(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/**
 * Password reset and e-mail confirmation links (docs/security.md, One-time links). A reset
 * request answers at once, the same for any address: the lookup, the limits and the mail are
 * done after the answer (`pending`), so neither the answer nor its time tells whether the
 * address belongs to anybody. Mail goes only to confirmed addresses.
 */
export class AccountLinks {
  private readonly pending = new Set<Promise<void>>();
  /** Reset requests per address (whoever it belongs to): 3 an hour. */
  private readonly perAddress: RateLimiterAbstract;
  /** Reset mails per account, whatever address asked: 5 a day. */
  private readonly perAccount: RateLimiterAbstract;
  /** Confirmation mails a member asks for again: 5 an hour. */
  private readonly resends: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    private readonly mailer: Pick<Mailer, 'send'>,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.perAddress = createLimiter(db, {
      keyPrefix: 'reset-address',
      points: 3,
      durationMs: HOUR,
    });
    this.perAccount = createLimiter(db, {
      keyPrefix: 'reset-account',
      points: 5,
      durationMs: 24 * HOUR,
    });
    this.resends = createLimiter(db, { keyPrefix: 'confirm-resend', points: 5, durationMs: HOUR });
  }

  private link(path: string, token: string): string {
    return `${this.publicUrl}${path}#token=${token}`;
  }

  /** `POST password/reset/`: starts the work and returns; the route answers the same always. */
  requestReset(email: string): void {
    const work = this.sendReset(email)
      .catch((error: unknown) => this.log.error({ err: error }, 'password reset request failed'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once every reset request taken so far has been handled (tests; closing). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async sendReset(email: string): Promise<void> {
    const key = foldKey(email);
    if (!(await allowed(this.perAddress, key))) return;
    // Only a confirmed address of an active account: an unconfirmed one may be a stranger's.
    const [user] = await this.db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(
        and(eq(users.emailKey, key), isNotNull(users.emailVerifiedAt), eq(users.isActive, true)),
      );
    if (!user?.email) return;
    if (!(await allowed(this.perAccount, String(user.id)))) return;
    const { token } = await createAccountToken(this.db, {
      userId: user.id,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    await this.mailer.send(
      passwordResetMail(
        user.email,
        user.username,
        this.link(ACCOUNT_LINK_PATHS.passwordResetConfirm, token),
      ),
    );
  }

  /**
   * `POST password/reset/confirm/`: checks the link and the new password, stores it, uses the
   * link up with every other reset link of the account, and ends every session.
   */
  async confirmReset(input: PasswordResetConfirmInput): Promise<void> {
    const row = await usableToken(this.db, input.token, 'password_reset');
    const [user] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user) throw notFound();
    if (isPasswordSameAsUsername(input.password, user.username)) {
      throw new FieldValidationError({ password: [authMessages.passwordSameAsUsername] });
    }
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await useToken(tx, row.id);
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, row.userId));
      await voidTokens(tx, row.userId, 'password_reset');
      await revokeUserSessions(tx, row.userId);
    });
  }

  /** `POST users/{id}/password-reset-link/`: an admin's link for a member, shown once. */
  async adminResetLink(adminId: number, userId: number): Promise<AdminResetLink> {
    // An id beyond the int4 column is nobody (the database would refuse the comparison).
    if (userId > 2_147_483_647) throw notFound();
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    const { token, expiresAt } = await createAccountToken(this.db, {
      userId,
      purpose: 'password_reset',
      ttlMs: ADMIN_RESET_TTL_MS,
      createdById: adminId,
    });
    return {
      url: this.link(ACCOUNT_LINK_PATHS.passwordResetConfirm, token),
      expires_at: expiresAt.toISOString(),
    };
  }

  /**
   * Mails a confirmation link for the account's address `email` (at registration, after an
   * e-mail change, or asked again). A failure to queue is logged, not answered: the account
   * change it follows has been made, and the member can ask again from the profile.
   */
  async sendConfirmation(userId: number, username: string, email: string): Promise<void> {
    try {
      const { token } = await createAccountToken(this.db, {
        userId,
        purpose: 'email_confirm',
        ttlMs: EMAIL_CONFIRM_TTL_MS,
        email,
      });
      await this.mailer.send(
        emailConfirmMail(email, username, this.link(ACCOUNT_LINK_PATHS.emailConfirm, token)),
      );
    } catch (error) {
      this.log.error({ err: error }, 'e-mail confirmation not queued');
    }
  }

  /** `POST email/confirm/resend/`: the signed-in member asks for the link again. */
  async resendConfirmation(userId: number): Promise<void> {
    const [user] = await this.db
      .select({ username: users.username, email: users.email, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound();
    if (!user.email) throw new HttpError(400, accountLinkErrors.noEmail);
    if (user.verified) throw new HttpError(400, accountLinkErrors.alreadyConfirmed);
    if (!(await allowed(this.resends, String(userId)))) {
      throw new HttpError(429, 'Өтө көп аракет. Бир сааттан кийин кайра аракет кылыңыз.');
    }
    await this.sendConfirmation(userId, user.username, user.email);
  }

  /**
   * `POST email/confirm/`: the address of the link is confirmed if it is still the account's
   * (an address changed since leaves the link useless).
   */
  async confirmEmail(token: string): Promise<void> {
    const row = await usableToken(this.db, token, 'email_confirm');
    await this.db.transaction(async (tx) => {
      await useToken(tx, row.id);
      const [confirmed] = await tx
        .update(users)
        .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(users.id, row.userId), eq(users.emailKey, foldKey(row.email ?? ''))))
        .returning({ id: users.id });
      if (!confirmed) throw new HttpError(400, accountLinkErrors.emailChanged);
    });
  }
}
