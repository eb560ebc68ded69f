import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { NOTICE_KINDS, type NoticeKind } from '@bagysh/shared';

/**
 * The unsubscribe link of a notice mail works without signing in (docs/security.md, Notices):
 * it carries `<user id>.<kind>.<HMAC>` signed with a key derived from the JWT secret, so it
 * can stop that one kind of mail for that one member and nothing else. It does not expire: a
 * mail read a year later still unsubscribes.
 */

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bagysh', 'notice unsubscribe', 32));
}

function signature(secret: string, userId: number, kind: NoticeKind): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${userId}.${kind}`)
    .digest('base64url')
    .slice(0, 32);
}

export function unsubscribeToken(secret: string, userId: number, kind: NoticeKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

/** The member and kind of a token, or null when it is not one this site signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NoticeKind } | null {
  const [id, kind, given] = token.split('.');
  if (!id || !kind || !given || !/^[0-9]{1,10}$/.test(id)) return null;
  if (!(NOTICE_KINDS as readonly string[]).includes(kind)) return null;
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, userId, kind as NoticeKind));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId, kind: kind as NoticeKind };
}
