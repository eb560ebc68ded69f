import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileLink } from '@bagysh/shared';

/**
 * How long a signed download link works. `<audio>`/`<video>` keep asking for ranges while they
 * play, so the player asks for a fresh link when one stops working (preview-dialog.tsx).
 */
export const FILE_LINK_TTL_SECONDS = 10 * 60;

/** HMAC of the file id and expiry; the prefix keeps it apart from anything else signed with the secret. */
function sign(secret: string, fileId: number, expires: number): string {
  return createHmac('sha256', secret)
    .update(`file-download:${fileId}:${expires}`)
    .digest('base64url');
}

/** A link to the bytes of file `fileId` that works without a token until it expires. */
export function signDownloadLink(secret: string, fileId: number, now = Date.now()): FileLink {
  const expires = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
  const signature = sign(secret, fileId, expires);
  return {
    url: `/api/files/${fileId}/download/?expires=${expires}&signature=${signature}`,
    expires_at: new Date(expires * 1000).toISOString(),
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
  if (expires === undefined || signature === undefined) return false;
  if (expires * 1000 <= now) return false;
  const given = Buffer.from(signature);
  const expected = Buffer.from(sign(secret, fileId, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
