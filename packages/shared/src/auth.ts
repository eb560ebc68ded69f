import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';
import { RoleSchema } from './roles';
import { isReservedUsername } from './username-skeleton';
import { validationMessages } from './zod-ky';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing cannot be abused. */
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 150;
export const EMAIL_MAX = 254;
/** A user counts as online when seen within this window (drives the green dot). */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** Kyrgyz texts of the account rules, shared by the API and the web forms. */
export const authMessages = {
  usernameChars: 'Колдонуучу аты тамгалардан, сандардан жана «_» белгисинен гана турушу керек.',
  usernameReserved:
    'Бул ат сайттын кызматтык аттарына окшош, аны алууга болбойт. Башка ат тандаңыз.',
  usernameLookAlike:
    'Бул ат башка колдонуучунун атына өтө окшош: окуганда айырмасы билинбейт. Башка ат тандаңыз.',
  passwordSameAsUsername: 'Сырсөз колдонуучу атына окшош болбошу керек.',
  passwordTooCommon: 'Бул сырсөз өтө жөнөкөй жана көп колдонулат. Башкасын тандаңыз.',
  passwordUnchanged: 'Жаңы сырсөз мурункусунан айырмаланышы керек.',
  nothingToChange: 'Өзгөртө турган талаа берилген жок.',
} as const;

/**
 * Latin and Cyrillic letters (U+0400–U+04FF, which holds ң ө ү, without the
 * combining marks and the thousands sign), digits and `_`.
 */
const USERNAME_PATTERN = /^[A-Za-z0-9_\u0400-\u0481\u048A-\u04FF]+$/;

/**
 * Passwords refused outright: the most common ones from public leak lists and
 * their local variants. Only entries of at least PASSWORD_MIN characters matter.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '11111111',
  '00000000',
  '12341234',
  '87654321',
  '11223344',
  '123123123',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwertyui',
  'qwertyuiop',
  'qwerty12',
  'qwerty123',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'asdfghjk',
  'zxcvbnm1',
  'abcd1234',
  'abc12345',
  'iloveyou',
  'sunshine',
  'football',
  'princess',
  'welcome1',
  'letmein1',
  'admin123',
  'administrator',
  'йцукенгш',
  'йцукенгшщз',
  'кыргызстан',
  'kyrgyzstan',
  'бишкек123',
  'bishkek123',
  'багыш123',
  'bagysh123',
  'санжыра1',
  'sanjyra1',
  'sanjyra123',
]);

/** Usernames and e-mails are compared case-insensitively through this key. */
export function foldKey(value: string): string {
  return value.trim().toLowerCase();
}

/** True for a password from COMMON_PASSWORDS, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** True when the password merely repeats the username (letter case ignored). */
export function isPasswordSameAsUsername(password: string, username: string): boolean {
  return foldKey(password) === foldKey(username);
}

/** 3–32 letters (Latin, Cyrillic with ң ө ү), digits or `_`; surrounding spaces dropped. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_PATTERN, authMessages.usernameChars);

/**
 * A username an account takes now (registration, rename): not a reserved name nor one that
 * looks like it (username-skeleton.ts). The first admin's name from the settings may be one.
 */
export const NewUsernameSchema = UsernameSchema.refine(
  (name) => !isReservedUsername(name),
  authMessages.usernameReserved,
);

/** A new password: long enough and not a common one (the username check needs the form). */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((password) => !isCommonPassword(password), authMessages.passwordTooCommon);

/** An optional e-mail as a form sends it: '' means none. */
export const EmailInputSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    message: validationMessages.invalidEmail,
  });

export const FullNameSchema = z.string().trim().max(FULL_NAME_MAX);

/** `POST register/`. */
export const RegisterInput = z
  .object({
    username: NewUsernameSchema,
    password: PasswordSchema,
    email: EmailInputSchema.optional(),
    full_name: FullNameSchema.optional(),
  })
  .superRefine((value, ctx) => {
    // Only once the password is otherwise acceptable, so a form shows one message at a time.
    if (
      value.password.length >= PASSWORD_MIN &&
      isPasswordSameAsUsername(value.password, value.username)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: authMessages.passwordSameAsUsername,
      });
    }
  });
export type RegisterInput = z.infer<typeof RegisterInput>;

/** `POST login/`. No rule checks here: an old account may predate today's rules. */
export const LoginInput = z.object({
  username: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(1024),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The session a client keeps (docs/product.md, Session): an access and a refresh JWT. */
export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** `POST token/refresh/` — the pair the client holds; only `refresh` is used. */
export const TokenRefreshInput = z.object({
  access: z.string().optional(),
  refresh: z.string().min(1),
});
export type TokenRefreshInput = z.infer<typeof TokenRefreshInput>;

/** `POST logout/`: the refresh token of the session to end. */
export const LogoutInput = z.object({ refresh: z.string().min(1) });
export type LogoutInput = z.infer<typeof LogoutInput>;

/** The signed-in user's own record (`GET user/`, and inside login/register answers). */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  /** The member opened the confirmation link mailed to `email` (false without an e-mail). */
  email_verified: z.boolean(),
  role: RoleSchema,
  /** `/api/files/{id}/download/` of the avatar image, or null. */
  avatar: z.string().nullable(),
  date_joined: z.iso.datetime(),
  /** Two-factor sign-in (TOTP) is on. */
  two_factor_enabled: z.boolean(),
  /**
   * `STAFF_2FA=required`, a moderator or admin, and two-factor sign-in still off: every call
   * but the set-up answers 403 until it is on.
   */
  two_factor_setup_required: z.boolean(),
  /**
   * Keeps a branch of the tree (docs/features.md, Branch stewards): the moderation queue shows
   * them that branch's proposals. False when missing (a session stored before stewards).
   */
  is_steward: z.boolean().default(false),
});
export type User = z.infer<typeof UserSchema>;

/** Answer of `register/` and `login/`. */
export const AuthResponseSchema = TokenPairSchema.extend({ user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * `PATCH user/`: any subset; `email` '' or null removes it, `avatar_file_id` null removes the
 * avatar. A new `username` must be free, and look like no other account's name.
 */
export const ProfileUpdateInput = z.object({
  username: NewUsernameSchema.optional(),
  full_name: FullNameSchema.optional(),
  email: EmailInputSchema.nullable().optional(),
  // A PostgreSQL integer: a larger id would fail the lookup with a 500, not a 400.
  avatar_file_id: RowIdSchema.nullable().optional(),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/** `POST user/password/`. The server also refuses a new password equal to the username. */
export const PasswordChangeInput = z
  .object({
    old_password: z.string().min(1).max(1024),
    new_password: PasswordSchema,
  })
  .superRefine((value, ctx) => {
    if (value.old_password === value.new_password) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_password'],
        message: authMessages.passwordUnchanged,
      });
    }
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** `GET users/`: page, a search in username and full name, and filters. */
export const UsersListQuery = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  role: RoleSchema.optional(),
  /** Only admins and moderators see blocked users; for others this filter is ignored. */
  is_active: z.stringbool().optional(),
});
export type UsersListQuery = z.infer<typeof UsersListQuery>;

/**
 * A row of the users directory. Every member sees the public part; admins and
 * moderators also get `email`, `is_active`, `last_seen_at` and `date_joined`.
 */
export const UserListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  role: RoleSchema,
  online: z.boolean(),
  email: z.string().nullable().optional(),
  is_active: z.boolean().optional(),
  last_seen_at: z.iso.datetime().nullable().optional(),
  date_joined: z.iso.datetime().optional(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UsersPageSchema = paginatedSchema(UserListItemSchema);
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** `PATCH users/{id}/`: admins change `role`; admins and moderators change `is_active`. */
export const UserAdminUpdateInput = z
  .object({
    role: RoleSchema.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((value) => value.role !== undefined || value.is_active !== undefined, {
    message: authMessages.nothingToChange,
  });
export type UserAdminUpdateInput = z.infer<typeof UserAdminUpdateInput>;

/** The full record of a user as admins and moderators see it (answer of `PATCH users/{id}/`). */
export const UserAdminSchema = UserSchema.extend({
  is_active: z.boolean(),
  last_seen_at: z.iso.datetime().nullable(),
  online: z.boolean(),
});
export type UserAdmin = z.infer<typeof UserAdminSchema>;

/** `/api/users/{id}/` path parameters. */
export const UserIdParams = z.object({ id: RowIdParam });
