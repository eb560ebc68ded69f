/**
 * Whether an `If-None-Match` header names `etag` (or `*`); weak tags compare by their value
 * (RFC 9110 weak comparison, what a 304 to a GET needs).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const value = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === value);
}
