import { z } from 'zod';
import { MAX_PAGE_SIZE, PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';
import {
  CitationSchema,
  MediaSchema,
  NoteRefSchema,
  ParentFamilySchema,
  PersonEventSchema,
  PersonNameSchema,
  personRecordFields,
  UnionSchema,
} from './person-records';
import { YEAR_SOURCES } from './records';
import { SexSchema } from './sex';

/**
 * Persons of the санжыра (docs/genealogy.md, Persons and lineage): what the API accepts and
 * answers. Field names are the API's (snake_case); the database schema stays in apps/api.
 */

// Ids are PostgreSQL `integer`: a larger number would be a database error, not a 404.
export const PersonIdSchema = RowIdSchema;
/** `{id}` of a `/persons/{id}/…` path. */
export const PersonIdParams = z.object({ id: RowIdParam });

export { SEXES, SexSchema, type Sex } from './sex';

export const PERSON_LIMITS = {
  nameMaxLength: 200,
  dateMaxLength: 100,
  placeMaxLength: 200,
  biographyMaxLength: 20_000,
  minYear: -3000,
  maxYear: 2100,
  maxBirthOrder: 100,
  maxSpouses: 20,
  /** A living person is one born less than this many years ago who has no death date. */
  livingYears: 100,
  maxDescendantDepth: 10,
  maxDescendants: 2000,
} as const;

/** Kyrgyz texts of the tree's rules that a form can check before the server does. */
export const personMessages = {
  deathBeforeBirth: 'Каза болгон жылы туулган жылынан мурун боло албайт.',
  ownParent: 'Адам өзүнүн ата-энеси боло албайт.',
  ownSpouse: 'Адам өзүнүн жубайы боло албайт.',
  duplicateSpouse: 'Жубайлар кайталанбашы керек.',
  fatherNotFound: 'Мындай ата табылган жок.',
  motherNotFound: 'Мындай эне табылган жок.',
  spouseNotFound: 'Мындай жубай табылган жок.',
  photoNotFound: 'Мындай сүрөт файлы табылган жок.',
  fatherIsFemale: 'Атасы аял боло албайт.',
  motherIsMale: 'Энеси эркек боло албайт.',
  cycle: 'Бул өзгөртүү адамды өзүнүн урпагына же ата-бабасына айлантат.',
  hasChildren: 'Бул адамдын балдары бар. Алгач балдарын башка атага которуңуз.',
  founderOfClan: 'Бул адам уруунун негиздөөчүсү. Алгач урууну өчүрүңүз.',
  staleVersion:
    'Маалымат башка бирөө тарабынан өзгөртүлгөн. Баракты жаңылап, кайра аракет кылыңыз.',
  badCursor: 'Барак көрсөткүчү туура эмес.',
  offsetTooDeep: 'Бул барак өтө алыс: next/previous шилтемелерин (cursor) колдонуңуз.',
} as const;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));
const YearSchema = z.number().int().min(PERSON_LIMITS.minYear).max(PERSON_LIMITS.maxYear);

/** The editable fields of a person, every one optional (PATCH); the create schema adds defaults. */
const personFields = {
  name: z.string().trim().min(1).max(PERSON_LIMITS.nameMaxLength),
  sex: SexSchema,
  father_id: PersonIdSchema.nullable(),
  mother_id: PersonIdSchema.nullable(),
  birth_year: YearSchema.nullable(),
  death_year: YearSchema.nullable(),
  birth_date: nullableText(PERSON_LIMITS.dateMaxLength),
  death_date: nullableText(PERSON_LIMITS.dateMaxLength),
  birth_place: nullableText(PERSON_LIMITS.placeMaxLength),
  death_place: nullableText(PERSON_LIMITS.placeMaxLength),
  biography: nullableText(PERSON_LIMITS.biographyMaxLength),
  photo_file_id: PersonIdSchema.nullable(),
  is_living: z.boolean(),
  birth_order: z.number().int().min(1).max(PERSON_LIMITS.maxBirthOrder).nullable(),
  /** Every spouse of the person; the list replaces the previous one. */
  spouse_ids: z.array(PersonIdSchema).max(PERSON_LIMITS.maxSpouses),
  /**
   * Names, events, parent families, citations, media, shared notes and union details
   * (person-records.ts). When `events` are given, the birth/death summary fields above are
   * derived from them; when only the summary fields change, the birth/death events follow.
   */
  ...personRecordFields,
};

/** The person fields a revision records (`before`/`after`), with the API's names. */
export const PERSON_EDITABLE_FIELDS = Object.keys(personFields) as (keyof typeof personFields)[];
export type PersonEditableField = (typeof PERSON_EDITABLE_FIELDS)[number];

type YearsAndSpouses = {
  birth_year?: number | null;
  death_year?: number | null;
  spouse_ids?: number[];
};

function checkYearsAndSpouses(value: YearsAndSpouses, ctx: z.RefinementCtx) {
  if (
    value.birth_year !== undefined &&
    value.birth_year !== null &&
    value.death_year !== undefined &&
    value.death_year !== null &&
    value.death_year < value.birth_year
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['death_year'],
      message: personMessages.deathBeforeBirth,
    });
  }
  if (value.spouse_ids && new Set(value.spouse_ids).size !== value.spouse_ids.length) {
    ctx.addIssue({ code: 'custom', path: ['spouse_ids'], message: personMessages.duplicateSpouse });
  }
}

export const CreatePersonInput = z
  .strictObject({
    ...personFields,
    sex: SexSchema.default('U'),
    father_id: personFields.father_id.default(null),
    mother_id: personFields.mother_id.default(null),
    birth_year: personFields.birth_year.default(null),
    death_year: personFields.death_year.default(null),
    birth_date: personFields.birth_date.default(null),
    death_date: personFields.death_date.default(null),
    birth_place: personFields.birth_place.default(null),
    death_place: personFields.death_place.default(null),
    biography: personFields.biography.default(null),
    photo_file_id: personFields.photo_file_id.default(null),
    is_living: personFields.is_living.default(false),
    birth_order: personFields.birth_order.default(null),
    spouse_ids: personFields.spouse_ids.default([]),
    names: personFields.names.default([]),
    events: personFields.events.default([]),
    parent_families: personFields.parent_families.default([]),
    citations: personFields.citations.default([]),
    media: personFields.media.default([]),
    note_ids: personFields.note_ids.default([]),
    unions: personFields.unions.default([]),
  })
  .superRefine(checkYearsAndSpouses);
export type CreatePersonInput = z.infer<typeof CreatePersonInput>;

/** PATCH: any editable field, and the `version` the client last saw (stale → 409). */
export const UpdatePersonInput = z
  .strictObject(personFields)
  .partial()
  .extend({ version: z.number().int().min(1) })
  .superRefine(checkYearsAndSpouses);
export type UpdatePersonInput = z.infer<typeof UpdatePersonInput>;

export const DeletePersonQuery = z.object({
  /**
   * Required when the person has children: they move to this person (as father, or as mother
   * when the deleted person was their mother) in the same transaction.
   */
  reparent_children_to: RowIdParam.optional(),
  /** The version the client last saw; stale → 409. */
  version: z.coerce.number().int().min(1).optional(),
});
export type DeletePersonQuery = z.infer<typeof DeletePersonQuery>;

export const PersonLinkSchema = z.object({ id: z.number().int(), name: z.string() });
export type PersonLink = z.infer<typeof PersonLinkSchema>;

/**
 * A linked person with what `personLabel` needs ("Айбек Чоткара уулу (Мырзабек) 1827–1895"):
 * the person of a revision and the persons its fields point to.
 */
export const PersonLabelRefSchema = PersonLinkSchema.extend({
  sex: SexSchema,
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
});
export type PersonLabelRef = z.infer<typeof PersonLabelRefSchema>;

export const ClanRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type ClanRef = z.infer<typeof ClanRefSchema>;

/**
 * A person in a list, a tree or a chain. For guests a living person is `restricted`: only the
 * name and the lineage are shown, every other field is null (sex 'U').
 */
export const PersonSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: SexSchema,
  father_id: z.number().int().nullable(),
  mother_id: z.number().int().nullable(),
  /** The father's and his father's names, to tell namesakes apart (`personLabel`). */
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
  /** The stored flag; `living` is what the privacy rule concludes. */
  is_living: z.boolean(),
  /** Flagged living, or born less than 100 years ago with no death date. */
  living: z.boolean(),
  /** True when this answer hides the person's details from the viewer (a guest). */
  restricted: z.boolean(),
  birth_order: z.number().int().nullable(),
  /** 1 for a root of the tree, 2 for a root's child, and so on. */
  generation: z.number().int(),
  /** Children through either parent link, for lazy expansion of the tree. */
  child_count: z.number().int(),
  /** Everyone below in the father line (children, their children…), for the tree's nodes. */
  descendant_count: z.number().int(),
  /** The photo (a public image; its thumbnail at /api/files/{id}/thumbnail/), only when shown. */
  photo_file_id: z.number().int().nullable().optional(),
});
export type PersonSummary = z.infer<typeof PersonSummarySchema>;

export const PersonSchema = PersonSummarySchema.extend({
  father: PersonLinkSchema.nullable(),
  mother: PersonLinkSchema.nullable(),
  spouses: z.array(PersonLinkSchema),
  birth_date: z.string().nullable(),
  death_date: z.string().nullable(),
  birth_place: z.string().nullable(),
  death_place: z.string().nullable(),
  biography: z.string().nullable(),
  photo_file_id: z.number().int().nullable(),
  /** The clan of the nearest founding ancestor (the person's own, if they founded one). */
  clan: ClanRefSchema.nullable(),
  /** Where birth_year/death_year come from when there is no birth/death event. */
  birth_year_source: z.enum(YEAR_SOURCES).nullable(),
  death_year_source: z.enum(YEAR_SOURCES).nullable(),
  /** The person's records (person-records.ts); empty for a restricted person. */
  names: z.array(PersonNameSchema),
  /** Own events, in date order (undated ones after, in their order). */
  events: z.array(PersonEventSchema),
  unions: z.array(UnionSchema),
  /** The birth family first (relation 'birth'), then adoptive, foster, step… families. */
  parent_families: z.array(ParentFamilySchema),
  citations: z.array(CitationSchema),
  /** Shared notes linked to the person; private ones only for members. */
  notes: z.array(NoteRefSchema),
  media: z.array(MediaSchema),
  /**
   * For a restricted person 0 and null: when and how often a hidden person is edited is itself
   * something a guest must not learn.
   */
  version: z.number().int(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PERSON_ORDERINGS = ['name', '-name', 'birth_year', '-birth_year'] as const;
export const PersonOrderingSchema = z.enum(PERSON_ORDERINGS);
export type PersonOrdering = z.infer<typeof PersonOrderingSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * `GET /persons/`. Pages go by `cursor` (keyset; what `next`/`previous` carry), so any page
 * is as fast as the first; `page` is accepted for the first few pages only (no deep OFFSET).
 */
export const ListPersonsQuery = PageQuerySchema.extend({
  cursor: z.string().max(2000).optional(),
  /** Name prefix, folded like the search (case, ң/н, ө/о, ү/у, Latin). */
  q: z.string().trim().max(PERSON_LIMITS.nameMaxLength).optional(),
  /** Members of a clan: the founder's whole line, sub-clans included. */
  clan: RowIdParam.optional(),
  father: RowIdParam.optional(),
  sex: SexSchema.optional(),
  living: booleanQuery.optional(),
  generation: z.coerce.number().int().min(1).max(10_000).optional(),
  ordering: PersonOrderingSchema.default('name'),
});
export type ListPersonsQuery = z.infer<typeof ListPersonsQuery>;

export const PersonListSchema = paginatedSchema(PersonSummarySchema);
export type PersonList = z.infer<typeof PersonListSchema>;

export const ChildrenQuery = PageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});
export type ChildrenQuery = z.infer<typeof ChildrenQuery>;

/** The chain from a person's parent up to the root of the tree, father first. */
export const AncestorsSchema = z.object({ results: z.array(PersonSummarySchema) });
export type Ancestors = z.infer<typeof AncestorsSchema>;

export const DescendantsQuery = z.object({
  depth: z.coerce.number().int().min(1).max(PERSON_LIMITS.maxDescendantDepth).default(3),
  limit: z.coerce.number().int().min(1).max(PERSON_LIMITS.maxDescendants).default(500),
});
export type DescendantsQuery = z.infer<typeof DescendantsQuery>;

/**
 * Descendants down to `depth` generations, generation by generation, at most `limit` persons.
 * `truncated` says the answer was cut: `truncated_by` 'depth' when someone lives deeper than
 * `depth`, 'limit' when there were more persons than `limit`.
 */
export const DescendantsSchema = z.object({
  depth: z.number().int(),
  limit: z.number().int(),
  truncated: z.boolean(),
  truncated_by: z.enum(['depth', 'limit']).nullable(),
  results: z.array(PersonSummarySchema),
});
export type Descendants = z.infer<typeof DescendantsSchema>;
