import {
  FileUploadFields,
  hasRole,
  type FileInfo,
  type FileKind,
  type FileVisibility,
  type FileLink,
  type FilesListQuery,
  type FileUpdateInput,
} from '@bagysh/shared';
import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { categories, files, users } from '../db/schema';
import { FOREIGN_KEY_VIOLATION, postgresError } from '../lib/db-errors';
import {
  errorMessages,
  FieldValidationError,
  fieldError,
  forbidden,
  notFound,
} from '../lib/http-errors';
import type { CurrentUser } from '../plugins/auth';
import { releaseBlobs, type Executor, type FilesContext } from './file-blobs';
import { contentBlobs, prepareContent, searchKey, writeFiles, type FileRow } from './file-content';
import { filesMessages } from './file-messages';
import { sanitizeFileName } from './file-names';
import { signDownloadLink } from './signed-links';
import type { StagedBlob } from './storage/file-storage';
import type { ReceivedUpload } from './upload';

/**
 * The stored-files service: uploading a file, reading, changing and deleting it as its owner
 * or a moderator, listing and searching, and what other features check before they refer to a
 * file. Blobs and the quota are file-blobs.ts; content made into stored files, file-content.ts;
 * an import's media, imported-files.ts.
 */

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
