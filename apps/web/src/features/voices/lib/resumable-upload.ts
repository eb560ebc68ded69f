import { UPLOAD_LIMITS, type FileInfo, type UploadSession } from '@bagysh/shared';
import { api, ApiError, apiUrl, withFreshToken } from '../../../lib/api-client';

/**
 * Uploads a blob in parts (docs/features.md, Uploads in parts): a session, then parts of
 * UPLOAD_LIMITS.partBytes at the offset the server holds. A dropped connection waits and asks
 * the server where to resume; a 409 says it directly. The session id is kept (with the blob,
 * in IndexedDB, see saved-recording.ts) so a reload can go on.
 */

export interface UploadProgress {
  sent: number;
  total: number;
  /** Seconds until the next try after a dropped connection; null while sending. */
  retryIn: number | null;
}

export interface ResumableUpload {
  blob: Blob;
  name: string;
  /** An existing session to go on with (after a reload). */
  sessionId?: string | null;
  public: boolean;
  onSession?: (id: string) => void;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

const RETRY_SECONDS = [2, 4, 8, 15, 30];

async function sha256Hex(blob: Blob): Promise<string | undefined> {
  // crypto.subtle exists only in secure contexts (https, localhost).
  if (typeof crypto === 'undefined' || !crypto.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function wait(seconds: number, signal: AbortSignal, tick: (left: number) => void) {
  return new Promise<void>((resolve, reject) => {
    let left = seconds;
    tick(left);
    const timer = setInterval(() => {
      left -= 1;
      if (left <= 0) {
        clearInterval(timer);
        resolve();
      } else tick(left);
    }, 1000);
    signal.addEventListener(
      'abort',
      () => {
        clearInterval(timer);
        reject(new DOMException('Upload cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Sends one part; answers the session as the server has it after the part. */
async function sendPart(id: string, blob: Blob, start: number, signal: AbortSignal) {
  const end = Math.min(blob.size, start + UPLOAD_LIMITS.partBytes);
  return withFreshToken(async (headers) => {
    const response = await fetch(apiUrl(`uploads/${id}/`), {
      method: 'PUT',
      headers: {
        ...headers,
        Accept: 'application/json',
        'Content-Type': 'application/octet-stream',
        'Content-Range': `bytes ${start}-${end - 1}/${blob.size}`,
      },
      body: blob.slice(start, end),
      signal,
    });
    const text = await response.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    if (!response.ok) throw new ApiError(response.status, body);
    return body as UploadSession;
  });
}

/** A network failure (not an answer of the server, not a cancel). */
const isDropped = (error: unknown) =>
  (error instanceof ApiError && (error.status === 0 || error.status >= 502)) ||
  error instanceof TypeError;

export async function uploadInParts(upload: ResumableUpload): Promise<FileInfo> {
  const { blob, signal } = upload;
  let id = upload.sessionId ?? null;
  let offset = 0;
  if (id !== null) {
    try {
      offset = (await api<UploadSession>(`uploads/${id}/`, { signal })).received;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      id = null; // expired or finished: start again
    }
  }
  if (id === null) {
    const sha256 = await sha256Hex(blob);
    const session = await api<UploadSession>('uploads/', {
      method: 'POST',
      body: { name: upload.name, mime_type: blob.type || 'audio/webm', size: blob.size, sha256 },
      signal,
    });
    id = session.id;
    upload.onSession?.(id);
  }
  let failures = 0;
  while (offset < blob.size) {
    upload.onProgress({ sent: offset, total: blob.size, retryIn: null });
    try {
      offset = (await sendPart(id, blob, offset, signal)).received;
      failures = 0;
    } catch (error) {
      const conflict =
        error instanceof ApiError && error.status === 409
          ? (error.body as { offset?: unknown; busy?: unknown } | undefined)
          : undefined;
      // Another part of this upload is still being written (an earlier try the server is
      // still reading): wait as for a dropped connection, then ask where the bytes end.
      if (typeof conflict?.offset === 'number' && conflict.busy !== true) {
        offset = conflict.offset;
        continue;
      }
      if (conflict?.busy !== true && !isDropped(error)) throw error;
      // Wait, then ask the server how far it got: the part may have arrived after all.
      const seconds = RETRY_SECONDS[Math.min(failures, RETRY_SECONDS.length - 1)]!;
      failures += 1;
      await wait(seconds, signal, (left) =>
        upload.onProgress({ sent: offset, total: blob.size, retryIn: left }),
      );
      try {
        offset = (await api<UploadSession>(`uploads/${id}/`, { signal })).received;
      } catch (again) {
        if (!isDropped(again)) throw again;
      }
    }
  }
  upload.onProgress({ sent: blob.size, total: blob.size, retryIn: null });
  return api<FileInfo>(`uploads/${id}/finish/`, {
    method: 'POST',
    body: { visibility: upload.public ? 'public' : 'members' },
    signal,
  });
}
