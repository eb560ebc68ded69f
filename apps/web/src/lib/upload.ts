import type { ZodType } from 'zod';
import { ApiError, apiUrl } from './api-client';

export interface ProgressUpload<T> {
  /** The API path, as `apiUrl` takes it (`files/`). */
  path: string;
  form: FormData;
  /** The answer the server promises; anything else is an ApiError. */
  schema: ZodType<T>;
  headers: Record<string, string>;
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

/**
 * A multipart POST with XMLHttpRequest, whose upload reports progress (fetch's does not).
 * Resolves the parsed answer; rejects with an ApiError (status 0 when the network failed) or
 * an AbortError.
 */
export function postWithProgress<T>({
  path,
  form,
  schema,
  headers,
  onProgress,
  signal,
}: ProgressUpload<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      const parsed = schema.safeParse(body);
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
 * Lets the browser download `url` by itself (a link with `download`, clicked): its download
 * manager streams the answer to disk, under the name the server gives unless `name` is given.
 */
export function downloadUrl(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
