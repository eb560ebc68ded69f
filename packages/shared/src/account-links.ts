import { z } from 'zod';
import { EMAIL_MAX, PasswordSchema } from './auth';
import { validationMessages } from './zod-ky';

/**
 * Pages a mailed link opens. The token travels in the fragment (`#token=…`): the browser never
 * sends it to the server, so it stays out of access logs and Referer headers.
 */
export const ACCOUNT_LINK_PATHS = {
  passwordReset: '/password/reset',
  passwordResetConfirm: '/password/reset/confirm',
  emailConfirm: '/email/confirm',
} as const;

/** A reset link mailed on request works this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** A reset link an admin makes for a member without e-mail works this long. */
export const ADMIN_RESET_TTL_MS = 24 * 60 * 60_000;
/** An e-mail confirmation link works this long. */
export const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

/** Kyrgyz texts of the account links, shared by the API and the web pages. */
export const accountLinkMessages = {
  resetRequested:
    'Эгер бул дарек ырасталган аккаунтка таандык болсо, ага сырсөздү жаңылоо шилтемеси жөнөтүлдү. Почтаңызды текшериңиз.',
  passwordChanged: 'Сырсөз жаңыланды. Эми жаңы сырсөз менен кириңиз.',
  emailConfirmed: 'Электрондук почтаңыз ырасталды.',
  confirmationSent: 'Ырастоо шилтемеси почтаңызга жөнөтүлдү.',
} as const;

/** `POST password/reset/`: the address a reset link should go to. */
export const PasswordResetInput = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(EMAIL_MAX)
    .refine((value) => z.email().safeParse(value).success, {
      message: validationMessages.invalidEmail,
    }),
});
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

/** A link token: 32 random bytes in base64url. */
const TokenSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** `POST password/reset/confirm/`: the link's token and the new password. */
export const PasswordResetConfirmInput = z.object({
  token: TokenSchema,
  password: PasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInput>;

/** `POST email/confirm/`. */
export const EmailConfirmInput = z.object({ token: TokenSchema });
export type EmailConfirmInput = z.infer<typeof EmailConfirmInput>;

/** The answer of the account-link calls: a sentence for the page to show. */
export const DetailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof DetailSchema>;

/** `POST users/{id}/password-reset-link/` (admins): the link, shown once. */
export const AdminResetLinkSchema = z.object({
  url: z.string(),
  expires_at: z.iso.datetime(),
});
export type AdminResetLink = z.infer<typeof AdminResetLinkSchema>;
