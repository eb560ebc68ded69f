import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';

/** Largest PostgreSQL `integer`: bigger ids cannot exist and would fail in a query. */

/** What a file is, decided by the server from its content (never from its name). */
export const FILE_KINDS = ['image', 'pdf', 'document', 'audio', 'video', 'text'] as const;
export const FileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof FileKindSchema>;

/** `members`: signed-in users only; `public`: anyone (article covers, person photos, avatars). */
export const FILE_VISIBILITIES = ['members', 'public'] as const;
export const FileVisibilitySchema = z.enum(FILE_VISIBILITIES);
export type FileVisibility = z.infer<typeof FileVisibilitySchema>;

/** Default largest upload (the server's `UPLOAD_MAX_BYTES`; `GET /api/files/limits/` has the real one). */
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 255;
export const FILE_DESCRIPTION_MAX_LENGTH = 2000;
/** Width in pixels of the WebP thumbnail made for every image. */
export const THUMBNAIL_WIDTH = 320;

/** A size for people: `950 КБ`, `12.5 МБ`, `1 ГБ` (1 КБ = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${round(mb / 1024)} ГБ`;
  if (mb >= 1) return `${round(mb)} МБ`;
  return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
}

export interface AllowedFileType {
  /** The MIME type stored and served. */
  mime: string;
  kind: FileKind;
  /** Usual extensions, first one preferred (for the file picker's `accept` and download names). */
  extensions: readonly string[];
}

/**
 * Every type an upload may have, as detected from its content. Anything else
 * (archives, programs, HTML, SVG, legacy binary Office files) is refused with 415.
 */
export const ALLOWED_FILE_TYPES: readonly AllowedFileType[] = [
  { mime: 'image/jpeg', kind: 'image', extensions: ['jpg', 'jpeg'] },
  { mime: 'image/png', kind: 'image', extensions: ['png'] },
  { mime: 'image/gif', kind: 'image', extensions: ['gif'] },
  { mime: 'image/webp', kind: 'image', extensions: ['webp'] },
  { mime: 'image/avif', kind: 'image', extensions: ['avif'] },
  { mime: 'image/tiff', kind: 'image', extensions: ['tif', 'tiff'] },
  { mime: 'application/pdf', kind: 'pdf', extensions: ['pdf'] },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
    extensions: ['docx'],
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'document',
    extensions: ['xlsx'],
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    kind: 'document',
    extensions: ['pptx'],
  },
  { mime: 'application/vnd.oasis.opendocument.text', kind: 'document', extensions: ['odt'] },
  {
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    kind: 'document',
    extensions: ['ods'],
  },
  {
    mime: 'application/vnd.oasis.opendocument.presentation',
    kind: 'document',
    extensions: ['odp'],
  },
  { mime: 'audio/mpeg', kind: 'audio', extensions: ['mp3'] },
  { mime: 'audio/mp4', kind: 'audio', extensions: ['m4a'] },
  { mime: 'audio/aac', kind: 'audio', extensions: ['aac'] },
  { mime: 'audio/ogg', kind: 'audio', extensions: ['ogg', 'oga', 'opus'] },
  { mime: 'audio/wav', kind: 'audio', extensions: ['wav'] },
  { mime: 'audio/flac', kind: 'audio', extensions: ['flac'] },
  { mime: 'video/mp4', kind: 'video', extensions: ['mp4', 'm4v'] },
  { mime: 'video/webm', kind: 'video', extensions: ['webm'] },
  { mime: 'video/quicktime', kind: 'video', extensions: ['mov'] },
  { mime: 'video/ogg', kind: 'video', extensions: ['ogv'] },
  { mime: 'video/matroska', kind: 'video', extensions: ['mkv'] },
  { mime: 'video/vnd.avi', kind: 'video', extensions: ['avi'] },
  { mime: 'video/3gpp', kind: 'video', extensions: ['3gp'] },
  { mime: 'video/mpeg', kind: 'video', extensions: ['mpg', 'mpeg'] },
  { mime: 'text/plain', kind: 'text', extensions: ['txt'] },
];

/** The allowed type with this MIME type, or undefined when it is not allowed. */
export function allowedFileType(mime: string): AllowedFileType | undefined {
  return ALLOWED_FILE_TYPES.find((type) => type.mime === mime);
}

/** `accept` attribute for a file input: every allowed MIME type and extension. */
export const FILE_INPUT_ACCEPT = ALLOWED_FILE_TYPES.flatMap((type) => [
  type.mime,
  ...type.extensions.map((ext) => `.${ext}`),
]).join(',');

export const FileOwnerSchema = z.object({ id: z.number().int(), username: z.string() });

/** One uploaded file as the API answers it. */
export const FileSchema = z.object({
  id: z.number().int(),
  /** The original name, cleaned: no folders, no control characters. */
  name: z.string(),
  /** Detected from the content. */
  mime_type: z.string(),
  kind: FileKindSchema,
  /** Bytes stored (for images: after their metadata was stripped). */
  size: z.number().int(),
  /** SHA-256 (hex) of the stored bytes; also the download's ETag. */
  checksum: z.string(),
  owner: FileOwnerSchema,
  category_id: z.number().int().nullable(),
  description: z.string(),
  visibility: FileVisibilitySchema,
  /** Images only: pixel size after EXIF orientation was applied. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The bytes: `/api/files/{id}/download/`. */
  url: z.string(),
  /** Images only: a THUMBNAIL_WIDTH-wide WebP. */
  thumbnail_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type FileInfo = z.infer<typeof FileSchema>;

export const FilesPageSchema = paginatedSchema(FileSchema);
export type FilesPage = z.infer<typeof FilesPageSchema>;

/** `GET /api/files/`: newest first; guests see public files only. */
export const FilesListQuery = PageQuerySchema.extend({
  /** Words in the name or description (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  kind: FileKindSchema.optional(),
  category_id: RowIdParam.optional(),
  /** A user id. */
  owner: RowIdParam.optional(),
  visibility: FileVisibilitySchema.optional(),
});
export type FilesListQuery = z.infer<typeof FilesListQuery>;

const optionalCategoryId = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  RowIdParam.nullable().optional(),
);

/**
 * The text fields of `POST /api/files/` (multipart/form-data): the file goes in a
 * part named `file`; these may come before or after it.
 */
export const FileUploadFields = z.object({
  description: z.string().trim().max(FILE_DESCRIPTION_MAX_LENGTH).default(''),
  visibility: FileVisibilitySchema.default('members'),
  category_id: optionalCategoryId,
});
export type FileUploadFields = z.infer<typeof FileUploadFields>;

/** `PATCH /api/files/{id}/`: any of these; the content itself never changes. */
export const FileUpdateInput = z.strictObject({
  name: z.string().trim().min(1).max(FILE_NAME_MAX_LENGTH).optional(),
  description: z.string().trim().max(FILE_DESCRIPTION_MAX_LENGTH).optional(),
  category_id: RowIdSchema.nullable().optional(),
  visibility: FileVisibilitySchema.optional(),
});
export type FileUpdateInput = z.infer<typeof FileUpdateInput>;

export const FileIdParams = z.object({ id: RowIdParam });

/**
 * `GET /api/files/{id}/download/` without a token: a signed link from `POST
 * /api/files/{id}/link/` (for `<audio>`/`<video>`, which cannot send the Bearer header).
 */
export const FileDownloadQuery = z.object({
  /** Unix time in seconds after which the link stops working. */
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  signature: z.string().max(200).optional(),
});
export type FileDownloadQuery = z.infer<typeof FileDownloadQuery>;

/** A short-lived address of a file's bytes that works without the token (members' media). */
export const FileLinkSchema = z.object({
  url: z.string(),
  expires_at: z.iso.datetime(),
});
export type FileLink = z.infer<typeof FileLinkSchema>;

/** `GET /api/files/limits/`: the server's real limits and what the current user has used. */
export const FileLimitsSchema = z.object({
  max_upload_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  used_bytes: z.number().int(),
});
export type FileLimits = z.infer<typeof FileLimitsSchema>;
