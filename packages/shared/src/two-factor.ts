import { z } from 'zod';
import { AuthResponseSchema } from './auth';
import { hasRole, type Role } from './roles';

/** Digits of a TOTP code (RFC 6238 with the authenticator apps' defaults: SHA-1, 30 s). */
export const TOTP_DIGITS = 6;
/** Recovery codes made at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (Crockford's base32: 5 bits each, 80 bits in all). */
export const RECOVERY_CODE_LENGTH = 16;
/** The setting `STAFF_2FA`: whether moderators and admins must turn two-factor sign-in on. */
export const Staff2faSchema = z.enum(['optional', 'required']);
export type Staff2fa = z.infer<typeof Staff2faSchema>;

/** Kyrgyz texts of two-factor sign-in, shared by the API and the web forms. */
export const twoFactorMessages = {
  codeFormat: 'Код 6 сандан турушу керек.',
  secondFactorFormat:
    'Аутентификатор тиркемесиндеги 6 сандуу кодду же калыбына келтирүү кодун жазыңыз.',
  codeRequired: 'Аутентификатор тиркемесиндеги кодду жазыңыз.',
  wrongCode: 'Код туура эмес же мөөнөтү өтүп кетти.',
  challengeExpired: 'Кирүү мөөнөтү бүттү. Колдонуучу атын жана сырсөздү кайра жазыңыз.',
  alreadyEnabled: 'Эки баскычтуу кирүү буга чейин күйгүзүлгөн.',
  notEnabled: 'Эки баскычтуу кирүү күйгүзүлгөн эмес.',
  noSetup: 'Адегенде эки баскычтуу кирүүнү орнотууну баштаңыз (QR кодду алыңыз).',
  wrongPassword: 'Сырсөз туура эмес.',
  staffSetupRequired:
    'Модераторлор жана администраторлор эки баскычтуу кирүүнү күйгүзүшү керек. Аны «Профиль» бетинде (/profile) орнотуңуз; ага чейин башка аракеттерге уруксат жок.',
} as const;

/**
 * Whether an account must set up two-factor sign-in before anything else: `STAFF_2FA=required`,
 * a moderator or an admin, and two-factor sign-in still off.
 */
export function mustSetUpTwoFactor(staff2fa: Staff2fa, role: Role, enabled: boolean): boolean {
  return staff2fa === 'required' && hasRole(role, 'moderator') && !enabled;
}

const TOTP_PATTERN = /^\d{6}$/;
/** Crockford's base32 (no i, l, o, u). */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** A TOTP code as typed, spaces dropped: `'123 456'` → `'123456'`. */
export function normaliseTotpCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * A recovery code as typed, reduced to its 16 characters: spaces and dashes dropped, lower
 * case, and the letters Crockford's base32 reads as digits (o → 0, i and l → 1).
 */
export function normaliseRecoveryCode(value: string): string {
  return value
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

export function isTotpCode(value: string): boolean {
  return TOTP_PATTERN.test(normaliseTotpCode(value));
}

export function isRecoveryCode(value: string): boolean {
  return RECOVERY_PATTERN.test(normaliseRecoveryCode(value));
}

/** `xxxx-xxxx-xxxx-xxxx`: how a recovery code is shown. */
export function formatRecoveryCode(code: string): string {
  return (normaliseRecoveryCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** A current code of the authenticator app (spaces allowed). */
export const TotpCodeSchema = z
  .string()
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .max(32)
  .refine(isTotpCode, twoFactorMessages.codeFormat);

/** A code of the authenticator app, or one of the recovery codes. */
export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .max(64)
  .refine(
    (value) => isTotpCode(value) || isRecoveryCode(value),
    twoFactorMessages.secondFactorFormat,
  );

/**
 * `POST login/` when the password was right and the account has two-factor sign-in on: no
 * tokens yet, a challenge to send back with a code to `POST login/two-factor/`. An account
 * without it gets the token pair as before.
 */
export const LoginChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  /** A signed token, valid a few minutes, that stands for the right password. */
  challenge: z.string(),
  detail: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

/** Every answer of `POST login/` with status 200. */
export const LoginResponseSchema = z.union([AuthResponseSchema, LoginChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `POST login/two-factor/`: the challenge of `login/` and a TOTP or recovery code. */
export const LoginTwoFactorInput = z.object({
  challenge: z.string().min(1).max(2048),
  code: SecondFactorCodeSchema,
});
export type LoginTwoFactorInput = z.infer<typeof LoginTwoFactorInput>;

/** `GET user/two-factor/`. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** `STAFF_2FA=required` applies to this account (a moderator or an admin). */
  required: z.boolean(),
  /** Recovery codes not yet used (0 while off). */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** `POST user/two-factor/setup/`: a new secret, not active until confirmed with a code. */
export const TwoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, what the QR code holds. */
  otpauth_uri: z.string(),
  /** The QR code of `otpauth_uri` as an SVG document. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** `POST user/two-factor/enable/` and `…/recovery-codes/`: a current code of the app. */
export const TwoFactorCodeInput = z.object({ code: TotpCodeSchema });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

/** The recovery codes, answered once when made (only their hashes are kept). */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** `POST user/two-factor/disable/`: the password and a TOTP or recovery code. */
export const TwoFactorDisableInput = z.object({
  password: z.string().min(1).max(1024),
  code: SecondFactorCodeSchema,
});
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInput>;
