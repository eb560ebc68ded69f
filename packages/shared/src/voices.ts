import { z } from 'zod';
import { FileKindSchema, FileVisibilitySchema, FILE_NAME_MAX_LENGTH } from './files';
import { PageQuerySchema, paginatedSchema, RowIdParam, RowIdSchema } from './common';
import { EventDateSchema } from './gedcom-date';
import { readWrittenDate } from './gedcom-date-loose';
import { PersonLinkSchema } from './persons';
import { PlaceRefSchema } from './places';
import { optionalRecordText } from './record-revisions';
import { RECORDING_MAX_SECONDS } from './voices-limits';

/**
 * Voices (docs/features.md, Recordings): resumable uploads in parts, recordings of informants
 * (айтуучу) and the informants' pages.
 */

export const resumableUploadMessages = {
  wrongOffset: 'Бөлүк туура эмес жерден башталды: жүктөөнү сервер айткан жерден улантыңыз.',
  incomplete: 'Файл толук жүктөлө элек.',
  hashMismatch: 'Файлдын текшерүү суммасы (SHA-256) дал келбейт: файл бузулган. Кайра жүктөңүз.',
  tooLong: 'Бөлүк файлдын көлөмүнөн ашып кетти.',
  partTooLarge: 'Бөлүк өтө чоң.',
  badRange: 'Content-Range же Upload-Offset башы туура эмес.',
  busy: 'Бул жүктөөгө башка бөлүк жазылып жатат.',
} as const;

export const UploadIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

/** `POST /api/uploads/`: what the whole file is to be. */
export const UploadCreateInput = z.strictObject({
  name: z.string().trim().min(1).max(FILE_NAME_MAX_LENGTH),
  mime_type: z.string().trim().min(1).max(200),
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((value) => value.toLowerCase())
    .optional(),
});
export type UploadCreateInput = z.infer<typeof UploadCreateInput>;

export const UploadSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** Bytes received so far: the offset the next part starts at. */
  received: z.number().int(),
  expires_at: z.string(),
});
export type UploadSession = z.infer<typeof UploadSessionSchema>;

/**
 * The 409 of a part at the wrong offset: where to resume from; with `busy`, another part or the
 * finish of the upload is being written, and the client waits before it asks again.
 */
export const UploadOffsetErrorSchema = z.object({
  detail: z.string(),
  offset: z.number().int(),
  busy: z.boolean().optional(),
});

/** `POST /api/uploads/{id}/finish/`: the stored file's visibility and description. */
export const UploadFinishInput = z.strictObject({
  visibility: FileVisibilitySchema.default('members'),
  description: z.string().trim().max(2000).default(''),
});
export type UploadFinishInput = z.infer<typeof UploadFinishInput>;

const toldDate = optionalRecordText(100).transform((text) => {
  if (text === null) return null;
  const { date } = readWrittenDate(text);
  return date.valid ? date.text : text;
});

const recordingFields = {
  source_id: RowIdSchema,
  person_ids: z.array(RowIdSchema).max(100),
  /** A GEDCOM date ("5 MAY 1998", "ABT 1965") or one written another way ("05.05.1998"). */
  told_date: toldDate,
  told_place_id: RowIdSchema.nullable(),
  duration_seconds: z.number().int().min(0).max(RECORDING_MAX_SECONDS).nullable(),
};

/** `POST /api/recordings/`: a finished upload or an existing audio or video file. */
export const RecordingInput = z.strictObject({
  file_id: RowIdSchema,
  ...recordingFields,
  person_ids: recordingFields.person_ids.default([]),
  told_date: recordingFields.told_date.default(null),
  told_place_id: recordingFields.told_place_id.default(null),
  duration_seconds: recordingFields.duration_seconds.default(null),
});
export type RecordingInput = z.infer<typeof RecordingInput>;

export const RecordingPatchInput = z.strictObject(recordingFields).partial();
export type RecordingPatchInput = z.infer<typeof RecordingPatchInput>;

export const recordingMessages = {
  notAudio: 'Аудио же видео файл гана жазуу боло алат.',
  noSuchFile: 'Мындай файл табылган жок.',
  alreadyRecording: 'Бул файл мурунтан эле жазуу катары кошулган.',
  notInformant: 'Булак айтуучу (informant) түрүндө болушу керек.',
  noSuchSource: 'Мындай булак табылган жок.',
  noSuchPlace: 'Мындай жер табылган жок.',
  noSuchPerson: 'Мындай адам табылган жок.',
} as const;

export const RecordingSourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
});

export const RecordingSchema = z.object({
  id: z.number().int(),
  file: z.object({
    id: z.number().int(),
    name: z.string(),
    mime_type: z.string(),
    kind: FileKindSchema,
    size: z.number().int(),
    visibility: FileVisibilitySchema,
    url: z.string(),
  }),
  source: RecordingSourceSchema,
  told_date: EventDateSchema.nullable(),
  told_place: PlaceRefSchema.nullable(),
  duration_seconds: z.number().int().nullable(),
  /** The persons it speaks of that the reader may see (a guest: none hidden by privacy). */
  persons: z.array(PersonLinkSchema),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Whether the reader may change or remove it (staff, or the file's owner). */
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RecordingIdParams = z.object({ id: RowIdParam });

export const RecordingsListQuery = PageQuerySchema.extend({
  source_id: RowIdParam.optional(),
  /** The recording of one file (its page, /recordings/{file id}). */
  file_id: RowIdParam.optional(),
  person_id: RowIdParam.optional(),
});
export type RecordingsListQuery = z.infer<typeof RecordingsListQuery>;

export const RecordingsPageSchema = paginatedSchema(RecordingSchema);
export type RecordingsPage = z.infer<typeof RecordingsPageSchema>;

/** A person an informant told of, with how many citations of theirs support them. */
export const ToldPersonSchema = PersonLinkSchema.extend({ count: z.number().int() });
export type ToldPerson = z.infer<typeof ToldPersonSchema>;

export const InformantSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  told_date: EventDateSchema.nullable(),
  told_place: PlaceRefSchema.nullable(),
  recording_count: z.number().int(),
  /** Persons their citations support, most cited first (a few; the page has all). */
  top_persons: z.array(ToldPersonSchema),
});
export type InformantSummary = z.infer<typeof InformantSummarySchema>;

export const INFORMANT_TOP_PERSONS = 5;

export const InformantsQuery = PageQuerySchema;
export type InformantsQuery = z.infer<typeof InformantsQuery>;
export const InformantsPageSchema = paginatedSchema(InformantSummarySchema);
export type InformantsPage = z.infer<typeof InformantsPageSchema>;

export const CONFLICT_FACTS = ['birth', 'death'] as const;
export type ConflictFact = (typeof CONFLICT_FACTS)[number];

/**
 * Two informants disagree: the same person's birth (or death) events are cited by different
 * informant sources with different years, or places neither of which lies within the other.
 * Each side is one informant and the date and place it gives (either may be unknown).
 */
export const InformantConflictSchema = z.object({
  person: PersonLinkSchema,
  fact: z.enum(CONFLICT_FACTS),
  sides: z.array(
    z.object({
      source: RecordingSourceSchema,
      date: EventDateSchema.nullable(),
      place: PlaceRefSchema.nullable(),
    }),
  ),
});
export type InformantConflict = z.infer<typeof InformantConflictSchema>;

export const InformantConflictsPageSchema = paginatedSchema(InformantConflictSchema);
export type InformantConflictsPage = z.infer<typeof InformantConflictsPageSchema>;

/** An informant's page: the source and the persons they told of (the recordings are paged apart). */
export const InformantSchema = InformantSummarySchema.extend({
  text: z.string().nullable(),
  note: z.string().nullable(),
  told_persons: z.array(ToldPersonSchema),
  told_person_count: z.number().int(),
});
export type Informant = z.infer<typeof InformantSchema>;

export const INFORMANT_TOLD_PERSONS_MAX = 100;
