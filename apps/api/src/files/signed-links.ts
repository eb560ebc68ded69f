import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileLink } from '@bagysh/shared';

/**
 * Signed links: a URL that works without the token until it expires, for what a browser
 * fetches on its own (a player's ranges, a download the browser's own manager streams). One
 * signer for all of them; `purpose` names what a link is for and everything it grants, so
 * that a signature made for one thing never fits another.
 */

/**
 * How long a signed download link works. `<audio>`/`<video>` keep asking for ranges while they
 * play, so the player asks for a fresh link when one stops working (preview-dialog.tsx).
 */
export const FILE_LINK_TTL_SECONDS = 10 * 60;

/** HMAC of the purpose and expiry; the purpose's prefix keeps it apart from anything else signed with the secret. */
function sign(secret: string, purpose: string, expires: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${expires}`).digest('base64url');
}

/** A signature for `purpose` valid for `ttlSeconds` from `now`. */
export function signLink(
  secret: string,
  purpose: string,
  ttlSeconds: number,
  now = Date.now(),
): { expires: number; signature: string; expires_at: string } {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return {
    expires,
    signature: sign(secret, purpose, expires),
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** True for an unexpired signature made for exactly this purpose. */
export function verifyLink(
  secret: string,
  purpose: string,
  expires: number | undefined,
  signature: string | undefined,
  now = Date.now(),
): boolean {
  if (expires === undefined || signature === undefined) return false;
  if (expires * 1000 <= now) return false;
  const given = Buffer.from(signature);
  const expected = Buffer.from(sign(secret, purpose, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const filePurpose = (fileId: number) => `file-download:${fileId}`;

/** A link to the bytes of file `fileId` that works without a token until it expires. */
export function signDownloadLink(secret: string, fileId: number, now = Date.now()): FileLink {
  const { expires, signature, expires_at } = signLink(
    secret,
    filePurpose(fileId),
    FILE_LINK_TTL_SECONDS,
    now,
  );
  return {
    url: `/api/files/${fileId}/download/?expires=${expires}&signature=${signature}`,
    expires_at,
  };
}

/** True for an unexpired link signed for exactly this file. */
export function verifyDownloadLink(
  secret: string,
  fileId: number,
  expires: number | undefined,
  signature: string | undefined,
  now = Date.now(),
): boolean {
  return verifyLink(secret, filePurpose(fileId), expires, signature, now);
}
