import { GedcomPreviewSchema, type GedcomPreview } from '@bagysh/shared';
import { withFreshToken } from '../../../lib/api-client';
import { postWithProgress } from '../../../lib/upload';

export interface PreviewUpload {
  file: File;
  /** Bytes sent, 0–1. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * `POST /api/gedcom/previews/` with its upload progress: the preview, or an ApiError (status 0
 * when the network failed) or an AbortError.
 */
export function uploadForPreview({
  file,
  onProgress,
  signal,
}: PreviewUpload): Promise<GedcomPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return withFreshToken((headers) =>
    postWithProgress({
      path: 'gedcom/previews/',
      form,
      schema: GedcomPreviewSchema,
      headers,
      onProgress,
      signal,
    }),
  );
}
