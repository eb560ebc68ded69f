import type { Readable } from 'node:stream';
import {
  FileUploadFields,
  formatFileSize,
  hasRole,
  type AllowedFileType,
  type FileInfo,
  type FileKind,
  type FileVisibility,
  type FileLink,
  type FilesListQuery,
  type FileUpdateInput,
} from '@bagysh/shared';
import { and, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { categories, files, users, type FileOrigin } from '../db/schema';
import { FOREIGN_KEY_VIOLATION, postgresError } from '../lib/db-errors';
import {
  errorMessages,
  FieldValidationError,
  fieldError,
  forbidden,
  HttpError,
  notFound,
} from '../lib/http-errors';
import type { CurrentUser } from '../plugins/auth';
import { blobRemovalAllowed } from './blob-removal-pause';
import { detectFileType } from './detect-type';
import { sanitizeFileName } from './file-names';
import { MultiPageTiffError, processImage, UnreadableImageError } from './images';
import { signDownloadLink } from './signed-links';
import type { FileStorage, StagedBlob } from './storage/file-storage';
import { uploadMessages, type ReceivedUpload } from './upload';

/** What the files service works with: the database, the blob store and the limits. */
export interface FilesContext {
  db: Db;
  storage: FileStorage;
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
type FileRow = typeof files.$inferSelect;

export const filesMessages = {
  unsupportedType:
    'Бул түрдөгү файл кабыл алынбайт. Сүрөт, PDF, офис документи, аудио, видео же текст файлын жүктөңүз.',
  emptyFile: 'Файл бош.',
  unreadableImage: 'Сүрөттү окуу мүмкүн болбоду: файл бузулган окшойт.',
  multiPageTiff: 'Көп барактуу TIFF кабыл алынбайт. Аны PDF катары жүктөңүз.',
  quotaExceeded: (quotaBytes: number) =>
    `Файлдарыңыз үчүн орун жетишсиз. Жалпы чек: ${formatFileSize(quotaBytes)}. Керексиз файлдарды өчүрүңүз.`,
  badName: 'Файлдын аты туура эмес.',
  noSuchCategory: 'Мындай категория жок.',
  notFileCategory: 'Бул категория файлдар үчүн эмес.',
  badLink: 'Шилтеменин мөөнөтү бүттү же ал жараксыз. Файлды кайра ачыңыз.',
  personPhotoNotPublicImage:
    'Адамдын сүрөтү катары баарына ачык сүрөт гана тандалат: адамдардын баракчаларын коноктор да көрөт.',
} as const;

/** Unreferenced blobs younger than this are left alone by the sweep. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

// Advisory-lock namespaces (first int4 of pg_advisory_xact_lock(int4, int4)).
const LOCK_BLOB = 0x66_69_6c_65; // 'file'
const LOCK_QUOTA = 0x71_75_6f_74; // 'quot'

/** A blob's lock id: the first 32 bits of its SHA-256 (a collision only serializes more). */
function blobLockId(checksum: string): number {
  return Number.parseInt(checksum.slice(0, 8), 16) | 0;
}

async function lock(tx: Tx, namespace: number, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int4, ${id}::int4)`);
}

/** Locks the blobs in one global order, so two transactions never wait on each other in a cycle. */
export async function lockBlobs(tx: Tx, checksums: string[]): Promise<void> {
  const ids = [...new Set(checksums.map(blobLockId))].sort((a, b) => a - b);
  for (const id of ids) await lock(tx, LOCK_BLOB, id);
}

async function isReferenced(tx: Executor, checksum: string): Promise<boolean> {
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(or(eq(files.checksum, checksum), eq(files.thumbnailChecksum, checksum)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Removes each blob that no row names any more. Under the blob's lock, so an
 * upload of the same bytes (which commits its blob and inserts its row under
 * the same lock) either already counts or comes after and writes the blob anew.
 */
export async function releaseBlobs(
  ctx: Pick<FilesContext, 'db' | 'storage'>,
  checksums: (string | null)[],
): Promise<void> {
  for (const checksum of new Set(checksums)) {
    if (!checksum) continue;
    await ctx.db.transaction(async (tx) => {
      await lockBlobs(tx, [checksum]);
      if (await isReferenced(tx, checksum)) return;
      if (await blobRemovalAllowed(tx)) await ctx.storage.remove(checksum);
    });
  }
}

/** Lower-cased in JS: SQL lower() misses Ү/Ө under LC_CTYPE=C (DESIGN.md §5). */
function searchKey(name: string, description: string): string {
  return `${name}\n${description}`.normalize('NFC').toLowerCase();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const selection = {
  file: files,
  ownerUsername: users.username,
};

function toInfo(row: FileRow, ownerUsername: string): FileInfo {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mimeType,
    kind: row.kind,
    size: row.size,
    checksum: row.checksum,
    owner: { id: row.ownerId, username: ownerUsername },
    category_id: row.categoryId,
    description: row.description,
    visibility: row.visibility,
    width: row.width,
    height: row.height,
    url: `/api/files/${row.id}/download/`,
    thumbnail_url: row.thumbnailChecksum ? `/api/files/${row.id}/thumbnail/` : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function zodFields(error: z.ZodError): FieldValidationError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return new FieldValidationError(fields);
}

async function usedBytes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | number | bigint>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerId, userId));
  // bigint arrives as a string from pg and may be a BigInt from PGlite.
  return Number(row?.used ?? 0);
}

function quotaExceeded(ctx: Pick<FilesContext, 'uploadQuotaBytes'>): HttpError {
  return new HttpError(413, filesMessages.quotaExceeded(ctx.uploadQuotaBytes));
}

/** Bytes the user's files take (the sum of their rows' sizes). */
export function quotaUsed(ctx: FilesContext, user: CurrentUser): Promise<number> {
  return usedBytes(ctx.db, user.id);
}

/** Refuses an upload at once (before reading it) when the user's quota is already full. */
export async function assertQuotaLeft(ctx: FilesContext, user: CurrentUser): Promise<void> {
  if ((await usedBytes(ctx.db, user.id)) >= ctx.uploadQuotaBytes) throw quotaExceeded(ctx);
}

/** A file's category must exist and be of kind `file`. */
async function assertFileCategory(db: Db, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db
    .select({ kind: categories.kind })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!row) throw fieldError('category_id', filesMessages.noSuchCategory);
  if (row.kind !== 'file') throw fieldError('category_id', filesMessages.notFileCategory);
}

/** The category was deleted between the check and the write. */
function categoryGone(error: unknown): unknown {
  const pgError = postgresError(error);
  if (pgError?.code === FOREIGN_KEY_VIOLATION && pgError.constraint?.includes('category_id')) {
    return fieldError('category_id', filesMessages.noSuchCategory);
  }
  return error;
}

export interface PreparedContent {
  type: AllowedFileType;
  blob: StagedBlob;
  thumbnail: StagedBlob | null;
  width: number | null;
  height: number | null;
}

/** Decides the type from the bytes; images are replaced by their cleaned copy and get a thumbnail. */
async function prepareContent(
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

function contentBlobs(content: PreparedContent): StagedBlob[] {
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
async function writeFiles(
  tx: Tx,
  ctx: Pick<FilesContext, 'uploadQuotaBytes'>,
  ownerId: number,
  list: readonly NewFile[],
  committing: () => void,
): Promise<FileRow[]> {
  if (list.length === 0) return [];
  await lock(tx, LOCK_QUOTA, ownerId);
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

/**
 * Stores an upload and records it. The blob (and thumbnail) are committed and
 * the row inserted in one transaction holding the blobs' locks and the user's
 * quota lock: a crash or failure after the commit leaves at most an unreferenced
 * blob for `sweepOrphans`, never a row without its blob.
 */
export async function createFile(
  ctx: FilesContext,
  user: CurrentUser,
  upload: ReceivedUpload,
): Promise<FileInfo> {
  const staged: StagedBlob[] = [upload.staged];
  try {
    const parsedFields = FileUploadFields.safeParse(upload.fields);
    if (!parsedFields.success) throw zodFields(parsedFields.error);
    const fields = parsedFields.data;
    await assertFileCategory(ctx.db, fields.category_id);

    const content = await prepareContent(ctx, upload.staged);
    if (content.thumbnail) staged.push(content.blob, content.thumbnail);
    const name = sanitizeFileName(upload.filename, `file.${content.type.extensions[0]}`);
    const blobs = contentBlobs(content);

    let row: FileRow | undefined;
    let committed = false;
    try {
      row = await ctx.db.transaction(async (tx) => {
        const [inserted] = await writeFiles(
          tx,
          ctx,
          user.id,
          [
            {
              name,
              content,
              visibility: fields.visibility,
              categoryId: fields.category_id ?? null,
              description: fields.description,
              origin: 'upload',
            },
          ],
          () => (committed = true),
        );
        return inserted;
      });
    } catch (error) {
      // Blobs committed by a transaction that then failed: drop them unless another row uses them
      // (should this fail too, the sweep removes them later).
      if (committed) {
        await releaseBlobs(
          ctx,
          blobs.map((blob) => blob.checksum),
        ).catch(() => undefined);
      }
      throw categoryGone(error);
    }
    if (!row) throw new Error('file insert returned nothing');
    return toInfo(row, user.username);
  } finally {
    for (const blob of staged) await blob.discard();
  }
}

async function findRow(
  db: Db,
  id: number,
): Promise<{ file: FileRow; ownerUsername: string } | undefined> {
  const [found] = await db
    .select(selection)
    .from(files)
    .innerJoin(users, eq(users.id, files.ownerId))
    .where(eq(files.id, id));
  return found;
}

/**
 * A file the current visitor may see, or 404. Members-only files answer 404 to
 * guests, exactly like a missing file, so that their existence is not revealed.
 */
async function visibleRow(
  ctx: FilesContext,
  user: CurrentUser | null,
  id: number,
): Promise<{ file: FileRow; ownerUsername: string }> {
  const found = await findRow(ctx.db, id);
  if (!found || (found.file.visibility !== 'public' && !user)) throw notFound();
  return found;
}

/** What a feature checks before it refers to a file (an avatar, a cover, a person photo). */
export interface ReferencedFile {
  kind: FileKind;
  mimeType: string;
  visibility: FileVisibility;
  ownerId: number;
}

/**
 * The file that form field `field` refers to, or a 400 on that field with
 * `missingMessage` when there is none. The caller then applies its own rule
 * (`isPublicImage`, or an owner check) and refuses with its own message.
 */
export async function referencedFile(
  db: Executor,
  id: number,
  field: string,
  missingMessage: string,
): Promise<ReferencedFile> {
  const [row] = await db
    .select({
      kind: files.kind,
      mimeType: files.mimeType,
      visibility: files.visibility,
      ownerId: files.ownerId,
    })
    .from(files)
    .where(eq(files.id, id));
  if (!row) throw fieldError(field, missingMessage);
  return row;
}

/** Shown as a picture to everyone, guests included: what covers and person photos must be. */
export function isPublicImage(file: ReferencedFile): boolean {
  return file.kind === 'image' && file.visibility === 'public';
}

/**
 * A signed link to a file the user may see (members-only files included), for players that
 * cannot send the token.
 */
export async function createDownloadLink(
  ctx: FilesContext,
  user: CurrentUser,
  id: number,
  secret: string,
): Promise<FileLink> {
  await visibleRow(ctx, user, id);
  return signDownloadLink(secret, id);
}

export async function getFile(
  ctx: FilesContext,
  user: CurrentUser | null,
  id: number,
): Promise<FileInfo> {
  const found = await visibleRow(ctx, user, id);
  return toInfo(found.file, found.ownerUsername);
}

/**
 * The stored content (or thumbnail) of a file the visitor may see; 404 otherwise.
 * `membersAccess`: a signed-in user, or a valid signed link for this file.
 */
export async function getFileContent(
  ctx: FilesContext,
  membersAccess: boolean,
  id: number,
  variant: 'original' | 'thumbnail',
): Promise<{ file: FileRow; key: string; mime: string; size: number }> {
  const found = await findRow(ctx.db, id);
  if (!found || (found.file.visibility !== 'public' && !membersAccess)) throw notFound();
  const { file } = found;
  if (variant === 'original') {
    return { file, key: file.checksum, mime: file.mimeType, size: file.size };
  }
  if (!file.thumbnailChecksum || file.thumbnailSize === null) throw notFound();
  return { file, key: file.thumbnailChecksum, mime: 'image/webp', size: file.thumbnailSize };
}

function assertMayChange(user: CurrentUser, file: FileRow): void {
  if (file.ownerId !== user.id && !hasRole(user.role, 'moderator')) {
    throw forbidden(errorMessages.forbidden);
  }
}

/** Changes name, description, category or visibility: the owner, a moderator or an admin. */
export async function updateFile(
  ctx: FilesContext,
  user: CurrentUser,
  id: number,
  input: FileUpdateInput,
): Promise<FileInfo> {
  const { file, ownerUsername } = await visibleRow(ctx, user, id);
  assertMayChange(user, file);

  let name = file.name;
  if (input.name !== undefined) {
    name = sanitizeFileName(input.name, '');
    if (name === '') throw fieldError('name', filesMessages.badName);
  }
  const description = input.description ?? file.description;
  await assertFileCategory(ctx.db, input.category_id);
  const [updated] = await ctx.db
    .update(files)
    .set({
      name,
      description,
      categoryId: input.category_id === undefined ? file.categoryId : input.category_id,
      visibility: input.visibility ?? file.visibility,
      searchKey: searchKey(name, description),
      updatedAt: new Date(),
    })
    .where(eq(files.id, id))
    .returning()
    .catch((error: unknown) => {
      throw categoryGone(error);
    });
  if (!updated) throw notFound();
  return toInfo(updated, ownerUsername);
}

/**
 * Deletes the row, then (in a second transaction, under the blob's lock) the
 * blob and thumbnail if no other row uses them. A crash in between leaves only
 * an unreferenced blob for the sweep.
 */
export async function deleteFile(ctx: FilesContext, user: CurrentUser, id: number): Promise<void> {
  const { file } = await visibleRow(ctx, user, id);
  assertMayChange(user, file);
  const deleted = await ctx.db.delete(files).where(eq(files.id, id)).returning({ id: files.id });
  if (deleted.length === 0) throw notFound();
  await releaseBlobs(ctx, [file.checksum, file.thumbnailChecksum]);
}

/**
 * A page of files, newest first. Guests see public files only; `q` matches every
 * word against name and description.
 */
export async function listFiles(
  ctx: FilesContext,
  user: CurrentUser | null,
  query: FilesListQuery,
): Promise<{ count: number; results: FileInfo[] }> {
  const conditions: SQL[] = [];
  if (!user) conditions.push(eq(files.visibility, 'public'));
  if (query.visibility) conditions.push(eq(files.visibility, query.visibility));
  if (query.kind) conditions.push(eq(files.kind, query.kind));
  if (query.category_id) conditions.push(eq(files.categoryId, query.category_id));
  if (query.owner) conditions.push(eq(files.ownerId, query.owner));
  const words = (query.q ?? '').normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) conditions.push(like(files.searchKey, `%${escapeLike(word)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [total] = await ctx.db.select({ value: count() }).from(files).where(where);
  const rows = await ctx.db
    .select(selection)
    .from(files)
    .innerJoin(users, eq(users.id, files.ownerId))
    .where(where)
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    count: total?.value ?? 0,
    results: rows.map((row) => toInfo(row.file, row.ownerUsername)),
  };
}

/**
 * Removes what a crash can leave behind: blobs that no row names (older than
 * `olderThan`, so an upload in progress is never touched) and abandoned
 * temporary files. Safe to run while the server works: each blob is checked and
 * removed under its lock.
 */
export async function sweepOrphans(
  ctx: Pick<FilesContext, 'db' | 'storage'>,
  olderThan: Date = new Date(Date.now() - ORPHAN_GRACE_MS),
): Promise<{ blobs: number; temporaryFiles: number }> {
  let blobs = 0;
  for await (const blob of ctx.storage.list()) {
    if (blob.modifiedAt >= olderThan) continue;
    const removed = await ctx.db.transaction(async (tx) => {
      await lockBlobs(tx, [blob.key]);
      if (await isReferenced(tx, blob.key)) return false;
      if (!(await blobRemovalAllowed(tx))) return false;
      await ctx.storage.remove(blob.key);
      return true;
    });
    if (removed) blobs += 1;
  }
  const temporaryFiles = await ctx.storage.removeStaleTemporaryFiles(olderThan);
  return { blobs, temporaryFiles };
}

// ---------------------------------------------------------------------------------------------
// Files another feature brings in (a GEDZip import's media)

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

/** Bytes of files `ownerId` owns, for an import to tell the quota before it stages files. */
export function ownerUsedBytes(db: Db, ownerId: number): Promise<number> {
  return usedBytes(db, ownerId);
}
