import type { AllowedFileType, FileVisibility } from '@bagysh/shared';
import { files, type FileOrigin } from '../db/schema';
import { fieldError, HttpError } from '../lib/http-errors';
import { detectFileType } from './detect-type';
import {
  lockBlobs,
  lockQuota,
  quotaExceeded,
  usedBytes,
  type FilesContext,
  type Tx,
} from './file-blobs';
import { filesMessages } from './file-messages';
import { MultiPageTiffError, processImage, UnreadableImageError } from './images';
import type { StagedBlob } from './storage/file-storage';

/**
 * A file's content made into a stored file: the type judged from the bytes, an image replaced
 * by its cleaned copy with a thumbnail, then the blobs committed and the rows inserted under the
 * quota and blob locks. An upload and an import's media both come through here.
 */

export type FileRow = typeof files.$inferSelect;

/** Lower-cased in JS: SQL lower() misses Ү/Ө under LC_CTYPE=C (docs/genealogy.md, Search). */
export function searchKey(name: string, description: string): string {
  return `${name}\n${description}`.normalize('NFC').toLowerCase();
}

export interface PreparedContent {
  type: AllowedFileType;
  blob: StagedBlob;
  thumbnail: StagedBlob | null;
  width: number | null;
  height: number | null;
}

/** Decides the type from the bytes; images are replaced by their cleaned copy and get a thumbnail. */
export async function prepareContent(
  ctx: Pick<FilesContext, 'storage'>,
  staged: StagedBlob,
): Promise<PreparedContent> {
  if (staged.size === 0) throw fieldError('file', filesMessages.emptyFile);
  const type = await detectFileType(staged.path);
  if (!type) throw new HttpError(415, filesMessages.unsupportedType);
  if (type.kind !== 'image') {
    return { type, blob: staged, thumbnail: null, width: null, height: null };
  }
  try {
    const processed = await processImage(ctx.storage, staged.path, type.mime);
    return {
      type,
      blob: processed.image,
      thumbnail: processed.thumbnail,
      width: processed.width,
      height: processed.height,
    };
  } catch (error) {
    if (error instanceof UnreadableImageError) {
      throw fieldError('file', filesMessages.unreadableImage);
    }
    if (error instanceof MultiPageTiffError) throw new HttpError(415, filesMessages.multiPageTiff);
    throw error;
  }
}

/** A file row to write from prepared content: an upload, or a file an import brings in. */
export interface NewFile {
  /** An id reserved beforehand (an import's); otherwise the sequence gives one. */
  id?: number;
  name: string;
  content: PreparedContent;
  visibility: FileVisibility;
  categoryId?: number | null;
  description?: string;
  origin: FileOrigin;
}

export function contentBlobs(content: PreparedContent): StagedBlob[] {
  return content.thumbnail ? [content.blob, content.thumbnail] : [content.blob];
}

/** Rows per INSERT: 16 parameters each stays far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

/**
 * The one place a file row is made from content, inside the caller's transaction `tx`: the
 * owner's quota checked under the quota lock, the blobs (and thumbnails) committed under their
 * locks, then the rows inserted. `committing` is told just before the first blob is committed:
 * from then on a failure must release the blobs (`releaseBlobs`) once the transaction is over.
 */
export async function writeFiles(
  tx: Tx,
  ctx: Pick<FilesContext, 'uploadQuotaBytes'>,
  ownerId: number,
  list: readonly NewFile[],
  committing: () => void,
): Promise<FileRow[]> {
  if (list.length === 0) return [];
  await lockQuota(tx, ownerId);
  const adding = list.reduce((sum, f) => sum + f.content.blob.size, 0);
  if ((await usedBytes(tx, ownerId)) + adding > ctx.uploadQuotaBytes) throw quotaExceeded(ctx);
  const blobs = list.flatMap((f) => contentBlobs(f.content));
  await lockBlobs(
    tx,
    blobs.map((blob) => blob.checksum),
  );
  committing();
  for (const blob of blobs) await blob.commit();
  const values = list.map((f) => ({
    ...(f.id === undefined ? {} : { id: f.id }),
    name: f.name,
    mimeType: f.content.type.mime,
    kind: f.content.type.kind,
    size: f.content.blob.size,
    checksum: f.content.blob.checksum,
    thumbnailChecksum: f.content.thumbnail?.checksum ?? null,
    thumbnailSize: f.content.thumbnail?.size ?? null,
    width: f.content.width,
    height: f.content.height,
    ownerId,
    categoryId: f.categoryId ?? null,
    description: f.description ?? '',
    visibility: f.visibility,
    searchKey: searchKey(f.name, f.description ?? ''),
    origin: f.origin,
  }));
  const rows: FileRow[] = [];
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const chunk = values.slice(start, start + INSERT_CHUNK);
    // Reserved ids go past the always-generated identity.
    const insert = chunk.some((v) => 'id' in v)
      ? tx.insert(files).overridingSystemValue().values(chunk)
      : tx.insert(files).values(chunk);
    rows.push(...(await insert.returning()));
  }
  return rows;
}
