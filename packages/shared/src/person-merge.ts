import { z } from 'zod';
import { RowIdParam } from './common';
import { PersonIdSchema, PersonLabelRefSchema } from './persons';

/**
 * Two persons who are one, merged (docs/genealogy.md, Merging persons): `a` keeps its id,
 * `b` is merged into it and its id answers with `a` from then on. Each field's surviving value
 * is chosen; the records of both are combined.
 */

/** The fields whose surviving value is chosen, `a`'s or `b`'s. */
export const MERGE_FIELDS = [
  'name',
  'sex',
  'father_id',
  'mother_id',
  'birth_year',
  'birth_date',
  'birth_place',
  'death_year',
  'death_date',
  'death_place',
  'biography',
  'photo_file_id',
  'is_living',
  'birth_order',
] as const;
export const MergeFieldSchema = z.enum(MERGE_FIELDS);
export type MergeField = z.infer<typeof MergeFieldSchema>;

export const MergeSideSchema = z.enum(['a', 'b']);
export type MergeSide = z.infer<typeof MergeSideSchema>;

/** Kyrgyz texts of the merge's refusals. */
export const mergeMessages = {
  self: 'Адамды өзү менен бириктирүүгө болбойт.',
  gone: 'Бириктирилүүчү адамдардын бири азыр жок (өчүрүлгөн же башка адамга бириктирилген).',
  fathersDiffer:
    'Бул эки адамдын аталары башка-башка: бириктирүүдөн мурун кайсы ата калаарын тандаңыз.',
  ownAncestor:
    'Бул бириктирүү адамды өзүнүн ата-бабасы кылып коёт: бири экинчисинин ата-бабасы же урпагы.',
  spouses: 'Бири-бирине жубай болгон эки адамды бириктирүүгө болбойт.',
  twoClans: 'Экөө тең уруунун негиздөөчүсү: алгач бир урууну өчүрүңүз.',
  fatherAndMother:
    'Бири кимдир бирөөнүн атасы, экинчиси кимдир бирөөнүн энеси: аларды бириктирүүгө болбойт.',
  sexOfParent: 'Тандалган жынысы балдарына ата же эне болгонуна туура келбейт.',
  revertOfRevert: 'Бириктирүүнүн кайтарылышын кайтарууга болбойт: адамдарды кайрадан бириктириңиз.',
} as const;

export const MergeQuery = z.object({
  a: RowIdParam,
  b: RowIdParam,
});
export type MergeQuery = z.infer<typeof MergeQuery>;

/** `POST /persons/merge/`: `a` survives, `b` is merged into it, both at these versions. */
export const MergeInput = z.strictObject({
  a: PersonIdSchema,
  b: PersonIdSchema,
  versions: z.strictObject({ a: z.number().int().min(1), b: z.number().int().min(1) }),
  /** Whose value of each field survives; a field left out takes the recommendation. */
  choices: z.partialRecord(MergeFieldSchema, MergeSideSchema).default({}),
});
export type MergeInput = z.infer<typeof MergeInput>;

const RecordEntrySchema = z.object({ label: z.string(), detail: z.string().nullable() });

/** One person of the pair, as the merge page shows it. */
export const MergePersonSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** The values of `MERGE_FIELDS`, as stored. */
  fields: z.record(z.string(), z.unknown()),
  father: PersonLabelRefSchema.nullable(),
  mother: PersonLabelRefSchema.nullable(),
  /** The records that will be combined, each as a line of text. */
  names: z.array(RecordEntrySchema),
  events: z.array(RecordEntrySchema),
  spouses: z.array(PersonLabelRefSchema),
  children: z.array(PersonLabelRefSchema),
  counts: z.object({
    citations: z.number().int(),
    notes: z.number().int(),
    media: z.number().int(),
    parent_families: z.number().int(),
    articles: z.number().int(),
  }),
});
export type MergePerson = z.infer<typeof MergePersonSchema>;

export const MergePreviewSchema = z.object({
  a: MergePersonSchema,
  b: MergePersonSchema,
  /** The fields whose values differ, and which one the merge keeps unless told otherwise. */
  fields: z.array(
    z.object({ field: MergeFieldSchema, differs: z.boolean(), recommended: MergeSideSchema }),
  ),
  /** Two different fathers: `choices.father_id` is required. */
  fathers_differ: z.boolean(),
  /** Why the merge cannot be done at all (a Kyrgyz message), or null. */
  refusal: z.string().nullable(),
});
export type MergePreview = z.infer<typeof MergePreviewSchema>;

export const MergeResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('applied'),
    survivor_id: z.number().int(),
    revision_id: z.number().int(),
  }),
  z.object({ status: z.literal('pending'), revision_id: z.number().int() }),
]);
export type MergeResult = z.infer<typeof MergeResultSchema>;
