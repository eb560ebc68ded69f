import { allowedFileType, FILE_NAME_MAX_LENGTH } from '@bagysh/shared';

/** Control and invisible formatting characters (bidi overrides can fake an extension). */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** Characters Windows refuses in file names: a download must save anywhere. */
const RESERVED = /[<>:"|?*]/g;
/** How long an extension may be and still be kept when a long name is shortened. */
const MAX_EXTENSION = 16;

/**
 * The name an upload is stored and shown under: the last path segment only
 * (either separator), without control or bidi characters, leading dots or
 * Windows-reserved characters, at most FILE_NAME_MAX_LENGTH characters (the
 * extension kept). Empty after cleaning → `fallback`. The name is only ever
 * data: it never becomes part of a storage path.
 */
export function sanitizeFileName(raw: string, fallback = 'file'): string {
  let name = raw.normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(INVISIBLE, '').replace(RESERVED, '_');
  name = name.replace(/\s+/g, ' ').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (name === '') return fallback;

  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  const keep = [...extension].length <= MAX_EXTENSION ? [...extension] : [];
  return (
    chars
      .slice(0, FILE_NAME_MAX_LENGTH - keep.length)
      .join('')
      .trimEnd() + keep.join('')
  );
}

/**
 * The name a download is saved under: the stored name, plus the extension of the
 * detected type when the name's own does not match it (a PNG named `scan.txt`
 * saves as `scan.txt.png`, so the visitor's computer opens it for what it is).
 */
export function downloadName(name: string, mime: string): string {
  const type = allowedFileType(mime);
  if (!type) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return type.extensions.includes(extension) ? name : `${name}.${type.extensions[0]}`;
}

/** RFC 5987 `ext-value` encoding: percent-encode everything outside attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition` with an ASCII `filename` for old clients and the real
 * (e.g. Kyrgyz) name in `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
