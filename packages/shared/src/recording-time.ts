/**
 * A recording's address and times, without zod: the pages that link or show recordings load
 * this alone (the informants' pages and the search load no zod).
 */

/**
 * A recording's page (`/recordings/{file id}`), at second `at` when given. Here rather than in
 * the web's paths: only the pages that link a recording load it (the shell's first-paint budget).
 */
export const recordingPath = (fileId: number, at?: number) =>
  `/recordings/${fileId}${at === undefined ? '' : `?t=${at}`}`;

/** "12:05" or "1:02:05" for a second in a recording. */
export function formatRecordingTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Seconds of "1:05", "1:02:05", "65" or "1:05.5"; null when it is none of them. */
export function parseRecordingTime(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+(:[0-5]?\d){0,2}(\.\d+)?$/.test(trimmed)) return null;
  const [whole = '', fraction] = trimmed.split('.');
  const seconds = whole.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return fraction === undefined ? seconds : seconds + Number(`0.${fraction}`);
}
