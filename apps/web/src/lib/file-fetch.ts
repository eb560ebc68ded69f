import { ApiError, withFreshToken } from './api-client';

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
    const response = await fetch(url, {
      headers: { ...headers, 'Content-Type': 'application/json' },
      signal,
    });
    if (!response.ok) throw await errorOf(response);
    return response.blob();
  });
}
