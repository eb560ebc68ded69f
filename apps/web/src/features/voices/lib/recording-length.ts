/**
 * The recording with its length written in: MediaRecorder writes WebM as it records, so its
 * header has no duration, and a player then shows the length as unknown (Chromium's
 * `duration` is Infinity) and cannot be sent to a second of a long recording
 * (docs/features.md, Recording in the browser). Other types are answered as they are. The
 * library loads when a recording stops, not with the page.
 */
export async function withLength(recording: Blob, milliseconds: number): Promise<Blob> {
  if (!recording.type.includes('webm')) return recording;
  const { default: fixWebmDuration } = await import('fix-webm-duration');
  // One it cannot read is kept as it is: a recording without its length beats none.
  return fixWebmDuration(recording, milliseconds, { logger: false }).catch(() => recording);
}
