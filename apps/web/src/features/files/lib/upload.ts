import {
  ALLOWED_FILE_TYPES,
  FileSchema,
  formatFileSize,
  type FileLimits,
  type FileUploadFields,
} from '@bagysh/shared';
import { postWithProgress } from '../../../lib/upload';

/** A catalogue key of the `files` area and its values: why a file is refused before sending. */
export interface FileProblem {
  key: 'upload.tooLarge' | 'upload.badType' | 'upload.empty' | 'upload.overQuota';
  values?: Record<string, string>;
}

const ALLOWED_EXTENSIONS = new Set(ALLOWED_FILE_TYPES.flatMap((type) => type.extensions));
const ALLOWED_MIMES = new Set(ALLOWED_FILE_TYPES.map((type) => type.mime));

function extensionOf(name: string): string {
  const match = /\.([^.]+)$/.exec(name);
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * The checks the server will make, done before sending so that nobody waits for a refusal:
 * size, quota left (`reserved` bytes already queued in this batch) and a plausible type
 * (by extension or by the browser's type; the server decides from the content).
 */
export function checkFile(
  file: Pick<File, 'name' | 'size' | 'type'>,
  limits: FileLimits | undefined,
  reserved = 0,
): FileProblem | null {
  if (file.size === 0) return { key: 'upload.empty' };
  if (!ALLOWED_EXTENSIONS.has(extensionOf(file.name)) && !ALLOWED_MIMES.has(file.type)) {
    return { key: 'upload.badType' };
  }
  if (!limits) return null;
  if (file.size > limits.max_upload_bytes) {
    return {
      key: 'upload.tooLarge',
      values: { size: formatFileSize(file.size), max: formatFileSize(limits.max_upload_bytes) },
    };
  }
  if (limits.quota_bytes > 0) {
    const left = Math.max(0, limits.quota_bytes - limits.used_bytes - reserved);
    if (file.size > left)
      return { key: 'upload.overQuota', values: { left: formatFileSize(left) } };
  }
  return null;
}

export interface UploadRequest {
  file: File;
  fields: Partial<FileUploadFields>;
  headers: Record<string, string>;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * `POST /api/files/` with its upload progress. Resolves the stored file; rejects with an
 * ApiError (status 0 when the network failed) or an AbortError.
 */
export function uploadFile({ file, fields, headers, onProgress, signal }: UploadRequest) {
  const form = new FormData();
  if (fields.description) form.append('description', fields.description);
  if (fields.visibility) form.append('visibility', fields.visibility);
  if (fields.category_id) form.append('category_id', String(fields.category_id));
  form.append('file', file, file.name);
  return postWithProgress({
    path: 'files/',
    form,
    schema: FileSchema,
    headers,
    onProgress,
    signal,
  });
}

/**
 * The size an upload row shows: the stored file's once the server answered (it re-encodes
 * images, so a picked 16 KB photo can be stored as 14 KB), else the picked file's. The list of
 * files shows the stored size too, so the two never disagree.
 */
export function uploadedSize(item: { size: number; result?: { size: number } }): number {
  return item.result?.size ?? item.size;
}
