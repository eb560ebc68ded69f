import { describe, expect, it } from 'vitest';
import { isReservedUsername, RESERVED_USERNAMES, usernameSkeleton } from './username-skeleton';

describe('usernameSkeleton', () => {
  it('maps Cyrillic look-alikes to the Latin letters they read as', () => {
    // а е о р с у х і ј ԁ ѕ, Cyrillic.
    expect(
      usernameSkeleton('\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0501\u0455'),
    ).toBe(usernameSkeleton('aeopcyxijds'));
    expect(usernameSkeleton('аselbekova')).toBe(usernameSkeleton('aselbekova'));
  });

  it('ignores letter case, NFKC forms and the digit look-alikes', () => {
    expect(usernameSkeleton('ASELBEKOVA')).toBe(usernameSkeleton('aselbekova'));
    expect(usernameSkeleton('ВОТ')).toBe(usernameSkeleton('BOT'));
    // Fullwidth letters and digits unfold under NFKC.
    expect(usernameSkeleton('ａｄｍｉｎ')).toBe(usernameSkeleton('admin'));
    for (const name of ['adm1n', 'admln', 'admіn', 'ADMIN']) {
      expect(usernameSkeleton(name), name).toBe(usernameSkeleton('admin'));
    }
    expect(usernameSkeleton('r00t')).toBe(usernameSkeleton('root'));
    expect(usernameSkeleton('rnoderator')).toBe(usernameSkeleton('moderator'));
  });

  it('keeps the Kyrgyz letters of their own apart', () => {
    expect(usernameSkeleton('Үсөн')).not.toBe(usernameSkeleton('Усөн'));
    expect(usernameSkeleton('Асаң')).not.toBe(usernameSkeleton('Асан'));
    expect(usernameSkeleton('aselbekova')).not.toBe(usernameSkeleton('aselbekov'));
  });
});

describe('isReservedUsername', () => {
  it('refuses the reserved names and their look-alikes, in any script or case', () => {
    for (const name of [
      ...RESERVED_USERNAMES,
      'Admin',
      'аdmin',
      '\u0410DMIN',
      'Bagysh',
      'БАГЫШ',
      'rооt',
      'Sуstem',
      'supp0rt',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('lets ordinary names through', () => {
    for (const name of ['Асан', 'aselbekova', 'admin_kg', 'Багышбек', 'rootbek']) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });
});
