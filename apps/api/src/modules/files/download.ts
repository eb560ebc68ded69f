import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../../lib/etag';
import { HttpError } from '../../lib/http-errors';
import { contentDisposition } from '../../files/file-names';
import { parseRange } from './http-range';
import type { FileStorage } from '../../files/storage/file-storage';

/** Kinds a browser may show in place; everything else is always a download. */
const INLINE_MIME = /^(image\/(jpeg|png|gif|webp|avif)|application\/pdf)$/;

/**
 * Even if a stored file were somehow taken for a page, it can run nothing, load
 * nothing and reach nothing of the site (its own opaque origin).
 */
export const FILE_CSP = "default-src 'none'; sandbox";

export interface StoredContent {
  key: string;
  size: number;
  mime: string;
  /** The name the browser saves it under. */
  filename: string;
  isPublic: boolean;
}

/**
 * Sends stored bytes the safe way: the detected type with `nosniff`, a sandboxing
 * CSP, `attachment` unless the type is an image or PDF, an ETag from the
 * checksum (304 on a match) and single byte ranges (206, or 416 past the end).
 */
export async function sendStoredContent(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  content: StoredContent,
): Promise<FastifyReply> {
  const etag = `"${content.key}"`;
  reply.header('etag', etag);
  reply.header('cache-control', content.isPublic ? 'public, no-cache' : 'private, no-cache');
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', FILE_CSP);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  let range = parseRange(request.headers.range, content.size);
  // A range of an older version would be spliced onto the wrong bytes: send it all.
  if (typeof ifRange === 'string' && ifRange.trim() !== etag) range = { kind: 'full' };
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${content.size}`);
    throw new HttpError(416, 'Суралган бөлүк файлдын чегинен тышкары.');
  }

  reply.header(
    'content-type',
    content.mime === 'text/plain' ? 'text/plain; charset=utf-8' : content.mime,
  );
  reply.header(
    'content-disposition',
    contentDisposition(INLINE_MIME.test(content.mime) ? 'inline' : 'attachment', content.filename),
  );
  const bytes = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
  if (bytes) {
    reply.code(206);
    reply.header('content-range', `bytes ${bytes.start}-${bytes.end}/${content.size}`);
  }
  reply.header('content-length', bytes ? bytes.end - bytes.start + 1 : content.size);
  // Fastify's automatic HEAD route sets content-length 0 for an empty payload, but keeps it
  // for a stream: an empty one keeps ours without opening the file.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await storage.open(content.key, bytes));
}
