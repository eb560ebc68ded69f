import type { Readable } from 'node:stream';
import type { FileVisibility } from '@bagysh/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { FieldValidationError, HttpError } from '../lib/http-errors';
import type { Executor, FilesContext, Tx } from './file-blobs';
import { prepareContent, writeFiles, type NewFile, type PreparedContent } from './file-content';
import { uploadMessages } from './upload';

/**
 * Files another feature brings in (a GEDZip import's media): staged and checked as an upload
 * is, then stored in the import's own transaction, a file the tree has already (same name and
 * bytes) reused rather than stored twice.
 */

/** A file staged and checked like an upload, waiting to be stored by `storeImportedFiles`. */
export interface ImportedFile {
  /** The id reserved for its row. */
  id: number;
  name: string;
  content: PreparedContent;
  visibility: FileVisibility;
}

/**
 * Stages `source` (`size` bytes, as the archive says) and checks it as an upload is checked:
 * the size limit, the type judged from the bytes, images cleaned and given a thumbnail. Nothing
 * is stored yet. Answers the Kyrgyz reason an upload of it would be refused instead.
 */
export async function stageImportedFile(
  ctx: Pick<FilesContext, 'storage' | 'uploadMaxBytes'>,
  open: () => Promise<Readable>,
  size: number,
): Promise<{ content: PreparedContent } | { refused: string }> {
  if (size > ctx.uploadMaxBytes) return { refused: uploadMessages.tooLarge(ctx.uploadMaxBytes) };
  const staged = await ctx.storage.stage(await open());
  try {
    // The archive's size may lie: the stored bytes count.
    if (staged.size > ctx.uploadMaxBytes) {
      return { refused: uploadMessages.tooLarge(ctx.uploadMaxBytes) };
    }
    const content = await prepareContent(ctx, staged);
    if (content.blob !== staged) await staged.discard();
    return { content };
  } catch (error) {
    await staged.discard();
    if (error instanceof HttpError || error instanceof FieldValidationError) {
      return { refused: error.message };
    }
    throw error;
  }
}

/** Deletes the temporary bytes of staged imported files (no-op for those stored). */
export async function discardImportedFiles(list: readonly ImportedFile[]): Promise<void> {
  for (const file of list) {
    await file.content.blob.discard();
    await file.content.thumbnail?.discard();
  }
}

/** The blobs of imported files, to release when the transaction storing them fails. */
export function importedChecksums(list: readonly ImportedFile[]): string[] {
  return list.flatMap((f) => [f.content.blob.checksum, f.content.thumbnail?.checksum ?? '']);
}

/** A stored file with the same name and bytes as `file`, the importer's own first. */
async function sameFile(
  tx: Executor,
  ownerId: number,
  file: Pick<ImportedFile, 'name' | 'content'>,
): Promise<{ id: number; visibility: FileVisibility; ownerId: number } | undefined> {
  const [row] = await tx
    .select({ id: files.id, visibility: files.visibility, ownerId: files.ownerId })
    .from(files)
    .where(and(eq(files.checksum, file.content.blob.checksum), eq(files.name, file.name)))
    .orderBy(
      desc(sql`${files.ownerId} = ${ownerId}`),
      desc(sql`${files.visibility} = 'public'`),
      files.id,
    )
    .limit(1);
  return row;
}

/**
 * Whether an import by `ownerId` would store `file` again: a file of the same name and bytes
 * that the importer owns is reused (so it takes no more of the quota).
 */
export async function isStoredAlready(
  db: Db,
  ownerId: number,
  file: Pick<ImportedFile, 'name' | 'content'>,
): Promise<boolean> {
  return (await sameFile(db, ownerId, file))?.ownerId === ownerId;
}

/**
 * Stores imported files inside the caller's transaction `tx`, owned by `ownerId` (through
 * `writeFiles`, as an upload is stored). A file whose name and bytes a stored file already has
 * is not stored again: that file is reused when every member may see it (all may), unless the
 * import needs it public (a primary photo) and it is not — then it is made public if the
 * importer owns it, else stored anew. Answers reserved id → reused file's id. Should the
 * transaction fail afterwards, the caller releases the blobs (`releaseBlobs` with
 * `importedChecksums`): no row, and no blob no row names.
 */
export async function storeImportedFiles(
  tx: Tx,
  ctx: Pick<FilesContext, 'uploadQuotaBytes'>,
  ownerId: number,
  list: readonly ImportedFile[],
): Promise<Map<number, number>> {
  const reused = new Map<number, number>();
  const stored: NewFile[] = [];
  // Two archive paths with the same name and bytes make one file, public if either must be.
  const first = new Map<string, ImportedFile>();
  const unique: ImportedFile[] = [];
  for (const file of list) {
    const key = `${file.content.blob.checksum}/${file.name}`;
    const seen = first.get(key);
    if (!seen) {
      const copy = { ...file };
      first.set(key, copy);
      unique.push(copy);
      continue;
    }
    if (file.visibility === 'public') seen.visibility = 'public';
    reused.set(file.id, seen.id);
  }
  for (const file of unique) {
    const found = await sameFile(tx, ownerId, file);
    const needsPublic = file.visibility === 'public' && found?.visibility !== 'public';
    if (found && (!needsPublic || found.ownerId === ownerId)) {
      if (needsPublic) {
        await tx
          .update(files)
          .set({ visibility: 'public', updatedAt: new Date() })
          .where(eq(files.id, found.id));
      }
      reused.set(file.id, found.id);
    } else {
      stored.push({ ...file, origin: 'gedcom' });
    }
  }
  await writeFiles(tx, ctx, ownerId, stored, () => undefined);
  for (const [id, target] of reused) reused.set(id, reused.get(target) ?? target);
  return reused;
}
