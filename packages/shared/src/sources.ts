import { z } from 'zod';
import { PageQuerySchema, paginatedSchema } from './common';
import { EventDateSchema, parseGedcomDate, type EventDate } from './gedcom-date';
import { readWrittenDate } from './gedcom-date-loose';
import { PERSON_LIMITS, PersonLinkSchema } from './persons';
import { PlaceRefSchema } from './places';
import { RECORD_LIMITS, SOURCE_KINDS } from './records';
import { optionalRecordText, RecordIdSchema } from './record-revisions';

/**
 * Sources: a book, an archive document, a web page, or an informant (айтуучу) —
 * `author` is who told it, `told_date` when (a GEDCOM date), `told_place_id` where.
 */

export const sourceMessages = {
  cited: (count: number) =>
    `Бул булакка ${count} жолу шилтеме берилген: алгач шилтемелерди өчүрүңүз.`,
  placeNotFound: 'Мындай жер табылган жок.',
  yearOutOfRange: `Жыл ${PERSON_LIMITS.minYear} менен ${PERSON_LIMITS.maxYear} ортосунда болушу керек.`,
} as const;

/** The years of a date lie where the tree's years may (B.C. ones negative). */
function yearsInRange(date: EventDate): boolean {
  return [date.start, date.end].every((point) => {
    if (point === null) return true;
    const year = point.bc ? -point.year : point.year;
    return year >= PERSON_LIMITS.minYear && year <= PERSON_LIMITS.maxYear;
  });
}

export const SourceKindSchema = z.enum(SOURCE_KINDS);

const sourceFields = {
  kind: SourceKindSchema,
  title: z.string().trim().min(1).max(RECORD_LIMITS.titleMaxLength),
  author: optionalRecordText(RECORD_LIMITS.nameMaxLength),
  publication: optionalRecordText(RECORD_LIMITS.titleMaxLength),
  repository: optionalRecordText(RECORD_LIMITS.titleMaxLength),
  call_number: optionalRecordText(RECORD_LIMITS.nameMaxLength),
  url: optionalRecordText(RECORD_LIMITS.textMaxLength),
  /**
   * A GEDCOM date ("ABT 1965", "5 MAY 1998", "BET 1950 AND 1960"), one written another way in
   * its GEDCOM form ("05.05.1998" → "5 MAY 1998"), anything else as a phrase; stored parsed.
   */
  told_date: optionalRecordText(100)
    .transform((text) => {
      if (text === null) return null;
      const { date } = readWrittenDate(text);
      return date.valid ? date.text : text;
    })
    .refine(
      (text) => text === null || yearsInRange(parseGedcomDate(text)),
      sourceMessages.yearOutOfRange,
    ),
  told_place_id: RecordIdSchema.nullable(),
  /** A quoted passage. */
  text: optionalRecordText(RECORD_LIMITS.noteMaxLength),
  note: optionalRecordText(RECORD_LIMITS.noteMaxLength),
};

/** The source fields a revision records, with the API's names. */
export const SOURCE_FIELDS = Object.keys(sourceFields) as (keyof typeof sourceFields)[];

export const SourceInput = z.strictObject({
  ...sourceFields,
  kind: sourceFields.kind.default('other'),
  author: sourceFields.author.default(null),
  publication: sourceFields.publication.default(null),
  repository: sourceFields.repository.default(null),
  call_number: sourceFields.call_number.default(null),
  url: sourceFields.url.default(null),
  told_date: sourceFields.told_date.default(null),
  told_place_id: sourceFields.told_place_id.default(null),
  text: sourceFields.text.default(null),
  note: sourceFields.note.default(null),
});
export type SourceInput = z.infer<typeof SourceInput>;

export const SourcePatchInput = z.strictObject(sourceFields).partial();
export type SourcePatchInput = z.infer<typeof SourcePatchInput>;

export const SourceSummarySchema = z.object({
  id: z.number().int(),
  kind: SourceKindSchema,
  title: z.string(),
  author: z.string().nullable(),
  told_date: EventDateSchema.nullable(),
  told_place: PlaceRefSchema.nullable(),
});
export type SourceSummary = z.infer<typeof SourceSummarySchema>;

export const SourceSchema = SourceSummarySchema.extend({
  publication: z.string().nullable(),
  repository: z.string().nullable(),
  call_number: z.string().nullable(),
  url: z.string().nullable(),
  text: z.string().nullable(),
  note: z.string().nullable(),
  /** Citations of this source the reader may see (a guest: none of a living person). */
  citation_count: z.number().int(),
  /** Persons the source is cited for (directly or through their events, unions, names). */
  cited_persons: z.array(PersonLinkSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Source = z.infer<typeof SourceSchema>;

export const SourcesListQuery = PageQuerySchema.extend({
  kind: SourceKindSchema.optional(),
  /** In the title or the author. */
  q: z.string().trim().max(RECORD_LIMITS.titleMaxLength).optional(),
});
export type SourcesListQuery = z.infer<typeof SourcesListQuery>;

export const SourcesPageSchema = paginatedSchema(SourceSummarySchema);
