import { createHash, randomBytes } from 'node:crypto';
import {
  formatRecoveryCode,
  hasRole,
  isTotpCode,
  normaliseRecoveryCode,
  normaliseTotpCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SITE_NAME,
  twoFactorMessages,
  type RecoveryCodes,
  type Role,
  type Staff2fa,
  type TwoFactorDisableInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@bagysh/shared';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import { conflict, FieldValidationError, HttpError, notFound } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { Sealer } from '../../lib/sealing';
import { signToken, verifyToken } from '../../lib/tokens';

/** How long the challenge of a right password waits for its code. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** A code of the step before or after the current one is taken too (clocks drift). */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** What two-factor sign-in reads of a user. */
interface TwoFactorRow {
  id: number;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
}

const hashCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Ten new recovery codes, `xxxx-xxxx-xxxx-xxxx`, 80 random bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 256 is a multiple of 32: every character is equally likely.
    const bytes = randomBytes(RECOVERY_CODE_LENGTH);
    const code = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return formatRecoveryCode(code);
  });
}

/**
 * Two-factor sign-in with TOTP (docs/security.md, Two-factor sign-in): the set-up with a QR
 * code, the confirming code, recovery codes, turning it off, and the checks of a login's second
 * step. The secret is kept sealed with a key derived from the site's secret; recovery codes
 * only as SHA-256 hashes.
 */
export class TwoFactor {
  private readonly sealer: Sealer;
  private readonly jwtSecret: string;

  constructor(
    private readonly db: Db,
    jwtSecret: string | undefined,
    readonly staff2fa: Staff2fa,
  ) {
    if (!jwtSecret) throw new Error('two-factor sign-in needs config.jwtSecret');
    this.jwtSecret = jwtSecret;
    this.sealer = new Sealer(jwtSecret, 'totp secret');
  }

  /** `GET user/two-factor/`. */
  async status(userId: number, role: Role): Promise<TwoFactorStatus> {
    const row = await this.row(userId);
    const enabled = row.totpEnabledAt !== null;
    const [left] = await this.db
      .select({ total: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return {
      enabled,
      required: this.staff2fa === 'required' && hasRole(role, 'moderator'),
      recovery_codes_left: enabled ? (left?.total ?? 0) : 0,
    };
  }

  /**
   * `POST user/two-factor/setup/`: a new secret, kept (sealed) but not in force until a code
   * of it confirms it. Starting again replaces an unconfirmed one; 409 when already on.
   */
  async setup(userId: number, username: string): Promise<TwoFactorSetup> {
    const secret = generateSecret();
    const [row] = await this.db
      .update(users)
      .set({ totpSecret: this.sealer.seal(secret), totpLastStep: null, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!row) throw conflict(twoFactorMessages.alreadyEnabled);
    const uri = generateURI({ issuer: SITE_NAME, label: username, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauth_uri: uri, qr_svg: svg };
  }

  /** `POST user/two-factor/enable/`: a code of the new secret turns it on; the recovery codes. */
  async enable(userId: number, code: string): Promise<RecoveryCodes> {
    const row = await this.row(userId);
    if (row.totpEnabledAt !== null) throw conflict(twoFactorMessages.alreadyEnabled);
    if (row.totpSecret === null) throw new HttpError(400, twoFactorMessages.noSetup);
    if ((await this.matchTotp(row.totpSecret, code)) === null) {
      throw new FieldValidationError({ code: [twoFactorMessages.wrongCode] });
    }
    return this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(users)
        .set({ totpEnabledAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(users.id, userId),
            isNull(users.totpEnabledAt),
            eq(users.totpSecret, row.totpSecret ?? ''),
          ),
        )
        .returning({ id: users.id });
      // Turned on, or set up anew, by a request beside this one.
      if (!done) throw conflict();
      return { recovery_codes: await replaceRecoveryCodes(tx, userId) };
    });
  }

  /** `POST user/two-factor/recovery-codes/`: new codes for a current code; the old ones end. */
  async regenerate(userId: number, code: string): Promise<RecoveryCodes> {
    const row = await this.row(userId);
    if (row.totpEnabledAt === null || row.totpSecret === null) {
      throw conflict(twoFactorMessages.notEnabled);
    }
    if ((await this.matchTotp(row.totpSecret, code)) === null) {
      throw new FieldValidationError({ code: [twoFactorMessages.wrongCode] });
    }
    return this.db.transaction(async (tx) => ({
      recovery_codes: await replaceRecoveryCodes(tx, userId),
    }));
  }

  /**
   * `POST user/two-factor/disable/`: the password, then a code of the app or a recovery code
   * (used up only once the password was right). The secret and the codes are removed.
   */
  async disable(userId: number, input: TwoFactorDisableInput): Promise<void> {
    const [row] = await this.db
      .select({ passwordHash: users.passwordHash, totpEnabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw notFound();
    if (row.totpEnabledAt === null) throw conflict(twoFactorMessages.notEnabled);
    if (!(await verifyPassword(row.passwordHash, input.password))) {
      throw new FieldValidationError({ password: [twoFactorMessages.wrongPassword] });
    }
    if (!(await this.checkSecondFactor(userId, input.code, false))) {
      throw new FieldValidationError({ code: [twoFactorMessages.wrongCode] });
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          totpSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    });
  }

  /** The challenge `POST login/` answers when the password was right and a code is wanted. */
  async challenge(userId: number, tokenGeneration: number): Promise<string> {
    const { token } = await signToken(
      this.jwtSecret,
      { sub: userId, typ: 'two_factor', gen: tokenGeneration },
      CHALLENGE_TTL_SECONDS,
    );
    return token;
  }

  /** The user a challenge stands for and the generation it was signed at, or null. */
  async readChallenge(token: string): Promise<{ userId: number; generation: number } | null> {
    const claims = await verifyToken(this.jwtSecret, token, 'two_factor');
    return claims ? { userId: claims.sub, generation: claims.gen } : null;
  }

  /**
   * Whether `code` is a right second factor of a user with two-factor sign-in on: a code of
   * the app, or an unused recovery code, which this uses up (one conditional update, so of two
   * simultaneous uses one wins). For a login (`login`), a code of the app is taken once only:
   * its time step must come after the last one that signed in.
   */
  async checkSecondFactor(userId: number, code: string, login: boolean): Promise<boolean> {
    const row = await this.row(userId);
    if (row.totpEnabledAt === null || row.totpSecret === null) return false;
    if (isTotpCode(code)) {
      const step = await this.matchTotp(
        row.totpSecret,
        code,
        login ? (row.totpLastStep ?? undefined) : undefined,
      );
      if (step === null) return false;
      if (!login) return true;
      const [taken] = await this.db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(users.id, userId),
            isNotNull(users.totpEnabledAt),
            or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
          ),
        )
        .returning({ id: users.id });
      return taken !== undefined;
    }
    const [used] = await this.db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashCode(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used !== undefined;
  }

  private async row(userId: number): Promise<TwoFactorRow> {
    const [row] = await this.db
      .select({
        id: users.id,
        totpSecret: users.totpSecret,
        totpEnabledAt: users.totpEnabledAt,
        totpLastStep: users.totpLastStep,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The time step `code` belongs to under the sealed secret, within one step of now and after
   * `afterStep`; null when it is not a right code (or the secret cannot be opened, as after a
   * change of the site's secret).
   */
  private async matchTotp(
    sealed: string,
    code: string,
    afterStep?: number,
  ): Promise<number | null> {
    let secret: string;
    try {
      secret = this.sealer.open(sealed);
    } catch {
      return null;
    }
    const result = await verify({
      secret,
      token: normaliseTotpCode(code),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterStep === undefined ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}

/** Removes a user's recovery codes and stores the hashes of ten new ones, answered once. */
async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}
