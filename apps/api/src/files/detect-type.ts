import { createReadStream } from 'node:fs';
import { allowedFileType, type AllowedFileType } from '@bagysh/shared';
import { fileTypeFromFile } from 'file-type';

/** file-type's name for a type → the one we store (same bytes, better-known name). */
const MIME_ALIASES: Record<string, string> = {
  'image/apng': 'image/png',
  'audio/x-m4a': 'audio/mp4',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'video/x-m4v': 'video/mp4',
};

/**
 * Text that a browser would sniff as markup (WHATWG MIME sniffing): HTML, XML
 * and SVG can carry scripts, so they are refused even though they are text.
 */
const MARKUP_START = /^(?:\uFEFF)?[\t\n\f\r ]*<(?:!doctype|!--|\?xml|[a-z][a-z0-9-]*[\s/>])/i;

/**
 * True for UTF-8 text without NUL bytes that does not start like markup. Reads
 * the whole file as a stream: invalid UTF-8 anywhere refuses it.
 */
async function isPlainText(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  try {
    for await (const chunk of createReadStream(path)) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      const text = decoder.decode(bytes, { stream: true });
      if (first && MARKUP_START.test(text.slice(0, 1024))) return false;
      first = false;
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false; // not valid UTF-8
    throw error;
  }
}

/**
 * The allowed type of the file at `path`, judged from its bytes only (magic
 * numbers via file-type, which also looks inside zip files for Office and
 * OpenDocument), or undefined when it is not allowed. Plain text is what
 * file-type does not recognise but is clean UTF-8.
 */
export async function detectFileType(path: string): Promise<AllowedFileType | undefined> {
  const found = await fileTypeFromFile(path);
  if (found) return allowedFileType(MIME_ALIASES[found.mime] ?? found.mime);
  return (await isPlainText(path)) ? allowedFileType('text/plain') : undefined;
}
