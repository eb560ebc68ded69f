import { z } from 'zod';
import { RowIdSchema } from './common';
import { EventDateSchema } from './gedcom-date';
import { readWrittenDate } from './gedcom-date-loose';
import { EVENT_TYPES, NAME_KINDS, PARENT_RELATIONS, RECORD_LIMITS, SOURCE_KINDS } from './records';

/**
 * A person's records beside the summary fields (docs/genealogy.md, Records): names, events,
 * further parent families, citations, shared notes and media. The input lists are part of a
 * person's editable fields (persons.ts): each replaces the previous list, goes through
 * revisions like `spouse_ids`, and is recorded in a revision in the normalised form below.
 * Places, sources, notes and files are shared records referenced by id.
 */

const RecordIdSchema = RowIdSchema;

export const personRecordMessages = {
  customTypeRequired: 'Окуянын түрү «other» болсо, анын аталышын (custom_type) жазыңыз.',
  customTypeOnlyForOther: 'Аталыш (custom_type) «other» түрүндөгү окуяга гана жазылат.',
  badDate:
    'Датаны окуй алган жокпуз. Мисалы: «1900», «12.03.1900», «12-март 1900-ж.», «болжол менен 1900», «1890–1900», «12 MAR 1900», «ABT 1900», «BET 1890 AND 1900».',
  nameEmpty: 'Аттын жок дегенде бир бөлүгүн жазыңыз (толук аты, аты же фамилиясы).',
  placeTwice: 'Жерди place_id же аталышы (place) менен — бирөө менен гана көрсөтүңүз.',
  placeNotFound: 'Мындай жер табылган жок.',
  sourceNotFound: 'Мындай булак табылган жок.',
  noteNotFound: 'Мындай эскертүү табылган жок.',
  fileNotFound: 'Мындай файл табылган жок.',
  citationNotRecording: 'Булак катары аудио же видео жазуу гана угулат.',
  mediaNotPublic:
    'Адамга баарына ачык сүрөт же документ гана тиркелет: адамдардын баракчаларын коноктор да көрөт.',
  duplicateNote: 'Эскертүүлөр кайталанбашы керек.',
  familyWithoutParent: 'Үй-бүлөдө ата же эне болушу керек.',
  familyOwnParent: 'Адам өзүнүн ата-энеси боло албайт.',
  familyFatherNotFound: 'Үй-бүлөнүн мындай атасы табылган жок.',
  familyMotherNotFound: 'Үй-бүлөнүн мындай энеси табылган жок.',
  familyIsBirth:
    'Туулган үй-бүлө — бул father_id жана mother_id. Бул тизмеге асырап алган, тарбиялаган, өгөй же белгисиз үй-бүлө гана жазылат.',
  duplicateFamily: 'Бир эле үй-бүлө эки жолу жазылды.',
  unionNotSpouse: 'Бул адам жубайлардын тизмесинде (spouse_ids) жок.',
  unionEventType: 'Никенин окуясы «marriage», «divorce» же «other» гана боло алат.',
  duplicateUnion: 'Бир жубайдын никеси эки жолу жазылды.',
} as const;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .default(null);

// ---------------------------------------------------------------------------------------------
// Inputs (and the form a revision records)

/** Where in a recording a citation was heard: its file and the second (docs/features.md). */
export const CitationRecordingSchema = z.strictObject({
  file_id: RecordIdSchema,
  at: z.number().int().min(0).max(RECORD_LIMITS.maxRecordingSecond),
});
export type CitationRecording = z.infer<typeof CitationRecordingSchema>;

export const CitationInput = z.strictObject({
  source_id: RecordIdSchema,
  /** Page, folio, minute of a recording. */
  page: nullableText(RECORD_LIMITS.textMaxLength),
  /** 0 unreliable … 3 direct, primary evidence (GEDCOM QUAY). */
  quality: z.number().int().min(0).max(RECORD_LIMITS.maxCitationQuality).nullable().default(null),
  note: nullableText(RECORD_LIMITS.textMaxLength),
  /** The recording of the telling, heard from second `at` (a transcript's segment). */
  recording: CitationRecordingSchema.nullable().default(null),
});
export type CitationInput = z.infer<typeof CitationInput>;

const citationList = z.array(CitationInput).max(RECORD_LIMITS.maxCitationsPerRecord).default([]);

export const MediaInput = z.strictObject({
  /** An uploaded file that everyone may see: a public image or document. */
  file_id: RecordIdSchema,
  title: nullableText(RECORD_LIMITS.titleMaxLength),
});
export type MediaInput = z.infer<typeof MediaInput>;

const mediaList = z.array(MediaInput).max(RECORD_LIMITS.maxMediaPerRecord).default([]);

export const PersonNameInput = z
  .strictObject({
    kind: z.enum(NAME_KINDS).default('birth'),
    given: nullableText(RECORD_LIMITS.nameMaxLength),
    surname: nullableText(RECORD_LIMITS.nameMaxLength),
    nickname: nullableText(RECORD_LIMITS.nameMaxLength),
    prefix: nullableText(RECORD_LIMITS.nameMaxLength),
    suffix: nullableText(RECORD_LIMITS.nameMaxLength),
    /** The whole name as shown; when left out, prefix, given name, surname and suffix. */
    full_name: nullableText(RECORD_LIMITS.nameMaxLength),
    citations: citationList,
  })
  .transform((name, ctx) => {
    const full =
      name.full_name ??
      ([name.prefix, name.given, name.surname, name.suffix].filter(Boolean).join(' ') ||
        name.nickname);
    if (!full) {
      ctx.addIssue({
        code: 'custom',
        path: ['full_name'],
        message: personRecordMessages.nameEmpty,
      });
      return z.NEVER;
    }
    return { ...name, full_name: full.slice(0, RECORD_LIMITS.nameMaxLength) };
  });
export type PersonNameInput = z.infer<typeof PersonNameInput>;

/**
 * A GEDCOM date as text ("ABT 1900"), kept as written; one written another way ("12.03.1900",
 * "болжол менен 1900") is kept in its GEDCOM form, and an unreadable one is refused.
 */
const DateText = z
  .string()
  .trim()
  .max(RECORD_LIMITS.nameMaxLength)
  .nullable()
  .default(null)
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const { date } = readWrittenDate(value);
    if (date.valid) return date.text;
    ctx.addIssue({ code: 'custom', message: personRecordMessages.badDate });
    return z.NEVER;
  });

const eventFields = {
  type: z.enum(EVENT_TYPES),
  /** The type's own name, required for (and only for) 'other'. */
  custom_type: nullableText(RECORD_LIMITS.nameMaxLength),
  /** An occupation's title, a residence's address, a cause of death. */
  value: nullableText(RECORD_LIMITS.textMaxLength),
  date: DateText,
  /** An existing place… */
  place_id: RecordIdSchema.nullable().default(null),
  /** …or a place by name: an existing place of that name is reused, else one is created. */
  place: nullableText(RECORD_LIMITS.placeNameMaxLength),
  note: nullableText(RECORD_LIMITS.noteMaxLength),
  citations: citationList,
};

function checkEvent(
  event: {
    type: string;
    custom_type: string | null;
    place_id: number | null;
    place: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (event.type === 'other' && event.custom_type === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['custom_type'],
      message: personRecordMessages.customTypeRequired,
    });
  }
  if (event.type !== 'other' && event.custom_type !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['custom_type'],
      message: personRecordMessages.customTypeOnlyForOther,
    });
  }
  if (event.place_id !== null && event.place !== null) {
    ctx.addIssue({ code: 'custom', path: ['place'], message: personRecordMessages.placeTwice });
  }
}

export const PersonEventInput = z
  .strictObject({ ...eventFields, media: mediaList })
  .superRefine(checkEvent);
export type PersonEventInput = z.infer<typeof PersonEventInput>;

/** A union's event; its media (a GEDZip marriage photo) stay with it like a person event's. */
export const UnionEventInput = z
  .strictObject({
    ...eventFields,
    type: z.enum(['marriage', 'divorce', 'other']),
    media: mediaList,
  })
  .superRefine(checkEvent);
export type UnionEventInput = z.infer<typeof UnionEventInput>;

/** Relations of a further parent family: the birth family is `father_id`/`mother_id`. */
export const FURTHER_PARENT_RELATIONS = PARENT_RELATIONS.filter(
  (relation): relation is Exclude<typeof relation, 'birth'> => relation !== 'birth',
);

export const ParentFamilyInput = z
  .strictObject({
    father_id: RecordIdSchema.nullable().default(null),
    mother_id: RecordIdSchema.nullable().default(null),
    relation: z.enum(PARENT_RELATIONS),
  })
  .superRefine((family, ctx) => {
    if (family.relation === 'birth') {
      ctx.addIssue({
        code: 'custom',
        path: ['relation'],
        message: personRecordMessages.familyIsBirth,
      });
    }
    if (family.father_id === null && family.mother_id === null) {
      ctx.addIssue({ code: 'custom', message: personRecordMessages.familyWithoutParent });
    }
  });
export type ParentFamilyInput = z.infer<typeof ParentFamilyInput>;

/** Shared notes linked to a person or a union, in order, each once. */
const noteIdList = z
  .array(RecordIdSchema)
  .max(RECORD_LIMITS.maxCitationsPerRecord)
  .superRefine((ids, ctx) => {
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: personRecordMessages.duplicateNote });
    }
  });

/**
 * A union of the person with one of their spouses (`spouse_ids`): its order among the person's
 * unions (first marriage 1), its events (marriage, divorce…), citations and shared notes (GEDCOM
 * FAM NOTE). Like every list here, `unions` replaces the details of all the person's unions (a
 * union left out loses its events, citations and notes); who is married to whom stays
 * `spouse_ids`. Either spouse edits the same union.
 */
export const UnionInput = z.strictObject({
  spouse_id: RecordIdSchema,
  position: z.number().int().min(1).max(100).nullable().default(null),
  events: z.array(UnionEventInput).max(RECORD_LIMITS.maxEventsPerPerson).default([]),
  citations: citationList,
  note_ids: noteIdList.default([]),
});
export type UnionInput = z.infer<typeof UnionInput>;

/** The record lists of a person's editable fields (persons.ts); each replaces the stored list. */
export const personRecordFields = {
  names: z.array(PersonNameInput).max(RECORD_LIMITS.maxNamesPerPerson),
  events: z.array(PersonEventInput).max(RECORD_LIMITS.maxEventsPerPerson),
  parent_families: z
    .array(ParentFamilyInput)
    .max(RECORD_LIMITS.maxParentFamilies)
    .superRefine((families, ctx) => {
      const keys = families.map((f) => `${f.father_id}/${f.mother_id}`);
      if (new Set(keys).size !== keys.length) {
        ctx.addIssue({ code: 'custom', message: personRecordMessages.duplicateFamily });
      }
    }),
  citations: z.array(CitationInput).max(RECORD_LIMITS.maxCitationsPerRecord),
  media: z.array(MediaInput).max(RECORD_LIMITS.maxMediaPerRecord),
  /** Shared notes linked to the person, in order. */
  note_ids: noteIdList,
  unions: z.array(UnionInput).superRefine((unions, ctx) => {
    const spouses = unions.map((union) => union.spouse_id);
    if (new Set(spouses).size !== spouses.length) {
      ctx.addIssue({ code: 'custom', message: personRecordMessages.duplicateUnion });
    }
  }),
};
export type PersonRecordField = keyof typeof personRecordFields;
export const PERSON_RECORD_FIELDS = Object.keys(personRecordFields) as PersonRecordField[];

// ---------------------------------------------------------------------------------------------
// What a person page shows

/** A source as a citation names it (the whole source: GET /api/sources/{id}/). */
export const SourceRefSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SOURCE_KINDS),
  title: z.string(),
});
export type SourceRef = z.infer<typeof SourceRefSchema>;

/** A place with the chain of places it lies in ("Кочкор, Нарын, Кыргызстан"). */
export const EventPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
});
export type EventPlace = z.infer<typeof EventPlaceSchema>;

export const CitationSchema = z.object({
  id: z.number().int(),
  source: SourceRefSchema,
  page: z.string().nullable(),
  quality: z.number().int().nullable(),
  note: z.string().nullable(),
  recording: z.object({ file_id: z.number().int(), at: z.number().int() }).nullable(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const PersonNameSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NAME_KINDS),
  given: z.string().nullable(),
  surname: z.string().nullable(),
  nickname: z.string().nullable(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
  full_name: z.string(),
  citations: z.array(CitationSchema),
});
export type PersonName = z.infer<typeof PersonNameSchema>;

export const MediaSchema = z.object({
  file_id: z.number().int(),
  title: z.string().nullable(),
  /** The file's kind (image, pdf, document…) and MIME type. */
  kind: z.string(),
  mime_type: z.string(),
  /**
   * Whether the file is public (fetched by its URL); a members-only one, such as a GEDZip
   * import's, is shown to members only and fetched with their token.
   */
  public: z.boolean(),
  position: z.number().int(),
});
export type Media = z.infer<typeof MediaSchema>;

export const PersonEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  custom_type: z.string().nullable(),
  value: z.string().nullable(),
  date: EventDateSchema.nullable(),
  place: EventPlaceSchema.nullable(),
  note: z.string().nullable(),
  citations: z.array(CitationSchema),
  media: z.array(MediaSchema),
});
export type PersonEvent = z.infer<typeof PersonEventSchema>;

export const NoteRefSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  is_private: z.boolean(),
});
export type NoteRef = z.infer<typeof NoteRefSchema>;

const LinkSchema = z.object({ id: z.number().int(), name: z.string() });

export const UnionSchema = z.object({
  id: z.number().int(),
  spouse: LinkSchema,
  /** The order of this union among the person's unions (first marriage 1), if known. */
  position: z.number().int().nullable(),
  events: z.array(PersonEventSchema),
  citations: z.array(CitationSchema),
  notes: z.array(NoteRefSchema),
});
export type Union = z.infer<typeof UnionSchema>;

/** The birth family (from `father_id`/`mother_id`) comes first with relation 'birth'. */
export const ParentFamilySchema = z.object({
  father: LinkSchema.nullable(),
  mother: LinkSchema.nullable(),
  relation: z.enum(PARENT_RELATIONS),
});
export type ParentFamily = z.infer<typeof ParentFamilySchema>;
