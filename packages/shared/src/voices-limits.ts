/**
 * The voices' numbers (docs/features.md, Recordings): plain data, no zod, so the recorder and
 * the upload in parts load no schema with them.
 */

export const UPLOAD_LIMITS = {
  /** The largest part one PUT may carry. */
  partMaxBytes: 8 * 1024 * 1024,
  /** The part the web sends: small enough to lose little on a dropped connection. */
  partBytes: 512 * 1024,
  /** An unfinished upload is kept this long after its last part. */
  sessionTtlHours: 24,
} as const;

/**
 * The recorder's bit rate: 48 kbit/s Opus is 21.6 MB an hour, so a 60-minute recording fits the
 * default upload limit (DEFAULT_UPLOAD_MAX_BYTES, 50 MB) with room to spare.
 */
export const RECORDER_AUDIO_BITS_PER_SECOND = 48_000;
export const RECORDING_MAX_SECONDS = 4 * 60 * 60;
/** 60 minutes at the recorder's bit rate, in bytes (with 10% for the container). */
export const HOUR_RECORDING_BYTES = Math.ceil(
  ((RECORDER_AUDIO_BITS_PER_SECOND / 8) * 3600 * 11) / 10,
);
