import { ApiError, withFreshToken } from '../../../lib/api-client';

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(response.status, body);
}

/** The bytes behind a file URL (`/api/files/{id}/download/`), fetched with the token. */
export function fetchFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  return withFreshToken(async (headers) => {
    const response = await fetch(url, { headers, signal });
    if (!response.ok) throw await errorOf(response);
    return response.blob();
  });
}

/** Saves a blob under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
