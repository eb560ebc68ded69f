import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { fetchFileBlob } from '../../../lib/file-fetch';

/** Why a PDF did not come: the server is busy (503), the network failed, or another answer. */
export type PrintFailure =
  { kind: 'busy' } | { kind: 'network' } | { kind: 'other'; message: string };

/**
 * The person's poster or book as a PDF, fetched with the session's token (a member's PDF shows
 * living persons, a guest's does not).
 */
export function fetchPrintPdf(
  personId: number,
  kind: 'poster' | 'book',
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Blob> {
  return fetchFileBlob(paths.personPrint(personId, kind, query), signal);
}

/** The failure to show for an error of `fetchPrintPdf`. */
export function printFailure(error: unknown): PrintFailure {
  if (error instanceof ApiError) {
    return error.status === 503 ? { kind: 'busy' } : { kind: 'other', message: error.message };
  }
  return { kind: 'network' };
}
