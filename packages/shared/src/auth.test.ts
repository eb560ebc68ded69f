import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  authMessages,
  foldKey,
  isCommonPassword,
  PasswordChangeInput,
  ProfileUpdateInput,
  RegisterInput,
  TokenRefreshInput,
  UserAdminUpdateInput,
  UsernameSchema,
  UsersListQuery,
} from './auth';
import { useKyrgyzValidationMessages } from './zod-ky';

function errors(schema: z.ZodType, input: unknown): Record<string, string[]> | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

describe('account schemas', () => {
  beforeAll(() => useKyrgyzValidationMessages());

  it('accepts usernames of 3–32 Latin or Cyrillic letters (ң ө ү too), digits and _', () => {
    for (const name of ['Асан', 'Чыңгыз', 'Өмүр_1', 'Үсөн', 'daniyar_99', 'abc', 'я'.repeat(32)]) {
      expect(UsernameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(UsernameSchema.parse('  Асан  ')).toBe('Асан');
  });

  it('refuses short, long and other-character usernames in Kyrgyz', () => {
    expect(errors(UsernameSchema, 'ab')).toEqual({ '': ['Кеминде 3 белги болушу керек.'] });
    expect(errors(UsernameSchema, 'a'.repeat(33))).toEqual({ '': ['32 белгиден ашпашы керек.'] });
    for (const name of ['асан үсөн', 'a.b.c', 'a-b-c', 'abc@', 'ab\u0483c', 'abc😀']) {
      expect(errors(UsernameSchema, name), name).toEqual({ '': [authMessages.usernameChars] });
    }
  });

  it('checks a new password: length, common passwords, and the username (any case)', () => {
    const ok = { username: 'Асан', password: 'Tuura-Syrsoz-1' };
    expect(errors(RegisterInput, ok)).toBeUndefined();
    expect(errors(RegisterInput, { ...ok, password: 'short' })).toEqual({
      password: ['Кеминде 8 белги болушу керек.'],
    });
    expect(errors(RegisterInput, { ...ok, password: 'QWERTY123' })).toEqual({
      password: [authMessages.passwordTooCommon],
    });
    expect(errors(RegisterInput, { username: 'Асанбек_1', password: 'асанбек_1' })).toEqual({
      password: [authMessages.passwordSameAsUsername],
    });
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('Kyzyl-Too-1991')).toBe(false);
  });

  it('treats an empty e-mail as none and checks a given one', () => {
    const base = { username: 'Асан', password: 'Tuura-Syrsoz-1' };
    expect(RegisterInput.parse({ ...base, email: '' }).email).toBe('');
    expect(RegisterInput.parse({ ...base, email: ' a@b.kg ' }).email).toBe('a@b.kg');
    expect(errors(RegisterInput, { ...base, email: 'a@' })).toEqual({
      email: ['Электрондук почта туура эмес.'],
    });
    expect(ProfileUpdateInput.parse({ email: null, avatar_file_id: null })).toEqual({
      email: null,
      avatar_file_id: null,
    });
  });

  it('refuses a new password equal to the old one', () => {
    expect(
      errors(PasswordChangeInput, { old_password: 'Same-pass-123', new_password: 'Same-pass-123' }),
    ).toEqual({ new_password: [authMessages.passwordUnchanged] });
  });

  it('requires a refresh string for a token refresh', () => {
    expect(TokenRefreshInput.safeParse({ access: 'a' }).success).toBe(false);
    expect(TokenRefreshInput.safeParse({ refresh: 'r' }).success).toBe(true);
  });

  it('reads the users list query from a query string', () => {
    expect(UsersListQuery.parse({ page: '2', is_active: 'false', q: ' асан ' })).toEqual({
      page: 2,
      page_size: 20,
      is_active: false,
      q: 'асан',
    });
    expect(UsersListQuery.safeParse({ role: 'king' }).success).toBe(false);
  });

  it('requires a role or a status in a staff update', () => {
    expect(errors(UserAdminUpdateInput, {})).toEqual({ '': [authMessages.nothingToChange] });
    expect(UserAdminUpdateInput.parse({ is_active: false })).toEqual({ is_active: false });
  });

  it('folds keys by trimming and lower-casing, Kyrgyz letters included', () => {
    expect(foldKey('  ӨМҮР_Ңаз ')).toBe('өмүр_ңаз');
  });
});
