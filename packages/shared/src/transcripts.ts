import { z } from 'zod';
import { RowIdParam } from './common';

/**
 * A recording's transcript (docs/features.md, Transcripts): timed segments, each the words of one
 * speaker from `start` (seconds from the beginning of the recording) until the next segment's
 * start. A transcript belongs to one audio or video file; members propose it and its corrections,
 * moderators apply them (the shared records' proposals, record type `transcript`).
 */

export const TRANSCRIPT_LIMITS = {
  /** Segments of one transcript: a long interview cut every few seconds. */
  maxSegments: 3000,
  speakerMaxLength: 100,
  textMaxLength: 5000,
  /** Seconds: a recording of a whole day. */
  maxStart: 24 * 60 * 60,
} as const;

export const transcriptMessages = {
  notRecording: 'Транскрипт аудио же видео файлга гана жазылат.',
  exists: 'Бул жазуунун транскрипти бар: аны оңдоңуз.',
  unordered: 'Бөлүктөр убакыт боюнча ирети менен турушу керек.',
  empty: 'Транскриптте жок дегенде бир бөлүк болушу керек.',
} as const;

export const TranscriptSegmentSchema = z.strictObject({
  /** Seconds from the beginning, to the tenth. */
  start: z
    .number()
    .min(0)
    .max(TRANSCRIPT_LIMITS.maxStart)
    .transform((seconds) => Math.round(seconds * 10) / 10),
  speaker: z.string().trim().max(TRANSCRIPT_LIMITS.speakerMaxLength).default(''),
  text: z.string().trim().min(1).max(TRANSCRIPT_LIMITS.textMaxLength),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>;

/** The whole transcript as a member writes it: every segment, in time order. */
export const TranscriptInput = z.strictObject({
  segments: z
    .array(TranscriptSegmentSchema)
    .min(1, transcriptMessages.empty)
    .max(TRANSCRIPT_LIMITS.maxSegments)
    .refine(
      (segments) =>
        segments.every((segment, i) => i === 0 || segment.start >= segments[i - 1]!.start),
      transcriptMessages.unordered,
    ),
});
export type TranscriptInput = z.infer<typeof TranscriptInput>;

/** `{file_id}` of `/transcripts/{file_id}/`: the recording's file. */
export const TranscriptParams = z.object({ file_id: RowIdParam });

export const TranscriptSchema = z.object({
  file_id: z.number().int(),
  segments: z.array(z.object({ start: z.number(), speaker: z.string(), text: z.string() })),
  /** Null while no transcript is written (`segments` is empty then). */
  updated_at: z.string().nullable(),
});
export type Transcript = z.infer<typeof TranscriptSchema>;
