import { GedcomPreviewSchema, type GedcomPreview } from '@bagysh/shared';
import { ApiError, apiUrl, withFreshToken } from '../../../lib/api-client';

export interface PreviewUpload {
  file: File;
  /** Bytes sent, 0–1. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send({ file, onProgress, signal }: PreviewUpload, headers: Record<string, string>) {
  return new Promise<GedcomPreview>((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('gedcom/previews/'));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      const parsed = GedcomPreviewSchema.safeParse(body);
      if (xhr.status >= 200 && xhr.status < 300 && parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * `POST /api/gedcom/previews/` with XMLHttpRequest, whose upload reports progress (fetch's does
 * not): the preview, or an ApiError (status 0 when the network failed) or an AbortError.
 */
export function uploadForPreview(upload: PreviewUpload): Promise<GedcomPreview> {
  return withFreshToken((headers) => send(upload, headers));
}
