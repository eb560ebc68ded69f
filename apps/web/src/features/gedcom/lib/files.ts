import { ApiError } from '../../../lib/api-client';
import { gedcom } from '../../../lib/i18n/areas/gedcom';

const EXTENSIONS = /\.(ged|gedcom|zip|gdz)$/i;

/** Why a picked file is not sent (a catalogue message), or null to send it. */
export function pickedFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!EXTENSIONS.test(file.name)) return gedcom.upload.badType;
  if (file.size === 0) return gedcom.upload.empty;
  return null;
}

/**
 * What to say when an upload or a commit failed: the server's Kyrgyz reason (a line number for
 * an invalid file, the same file imported before), a plainer one for 413 and network failures.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return gedcom.upload.tooLarge;
    if (error.status === 0) return gedcom.upload.network;
    return error.message;
  }
  return gedcom.upload.network;
}
