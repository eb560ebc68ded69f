import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';
import { PersonSummarySchema } from './persons';

const Id = RowIdParam;

/**
 * Why two persons look like one (docs/genealogy.md, Duplicate persons). The web words each code
 * in Kyrgyz; `values` holds the two spellings compared (first person's, then second's) and
 * `delta` the difference in years or the number of shared names.
 */
export const DUPLICATE_REASON_CODES = [
  'name_same',
  'name_folded',
  'name_close',
  'name_first_word',
  'name_differs',
  'father_name_same',
  'father_name_close',
  'father_name_differs',
  'grandfather_name_same',
  'grandfather_name_differs',
  'birth_year_same',
  'birth_year_near',
  'birth_year_far',
  'death_year_same',
  'death_year_near',
  'death_year_far',
  'sex_differs',
  'clan_same',
  'clan_differs',
  'same_father',
  'same_mother',
  'spouse_same',
  'spouse_name_same',
  'children_same',
  'children_names_same',
] as const;
export const DuplicateReasonCodeSchema = z.enum(DUPLICATE_REASON_CODES);
export type DuplicateReasonCode = z.infer<typeof DuplicateReasonCodeSchema>;

export const DuplicateReasonSchema = z.object({
  code: DuplicateReasonCodeSchema,
  /** The evidence for (positive) or against (negative) this pair, as the score counted it. */
  weight: z.number(),
  values: z.tuple([z.string(), z.string()]).optional(),
  delta: z.number().int().optional(),
});
export type DuplicateReason = z.infer<typeof DuplicateReasonSchema>;

/** The background job that computes the candidate pairs. */
export const DuplicateRunSchema = z.object({
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** A full rebuild, or only the persons written since the last run. */
  full: z.boolean(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Pairs scored by this run (the full list after a rebuild). */
  pairs: z.number().int(),
  error: z.string().nullable(),
});
export type DuplicateRun = z.infer<typeof DuplicateRunSchema>;

export const DuplicatePairSchema = z.object({
  a: PersonSummarySchema,
  b: PersonSummarySchema,
  /** 0..1: how likely the two are one person. */
  score: z.number(),
  reasons: z.array(DuplicateReasonSchema),
  computed_at: z.string(),
});
export type DuplicatePair = z.infer<typeof DuplicatePairSchema>;

/** `GET /persons/duplicates/`: pairs, best first, and the state of the job that found them. */
export const DuplicateListSchema = paginatedSchema(DuplicatePairSchema).extend({
  /** The last run (null before the first). */
  run: DuplicateRunSchema.nullable(),
});
export type DuplicateList = z.infer<typeof DuplicateListSchema>;

export const DuplicateListQuery = PageQuerySchema.extend({
  /** Pairs with a person of this clan (the founder's whole line). */
  clan: Id.optional(),
  /** Pairs with a person in this person's line (the person and every descendant). */
  branch: Id.optional(),
});
export type DuplicateListQueryInput = z.infer<typeof DuplicateListQuery>;

/** `POST /persons/duplicates/not-same/` (and its undo): two different persons. */
export const DuplicatePairInput = z
  .object({ a: RowIdSchema, b: RowIdSchema })
  .refine((pair) => pair.a !== pair.b, {
    message: 'Бир эле адамды өзү менен салыштырууга болбойт.',
    path: ['b'],
  });
export type DuplicatePairInputType = z.infer<typeof DuplicatePairInput>;

/** `POST /persons/duplicates/refresh/`: rescore what changed, or rebuild everything. */
export const DuplicateRefreshInput = z.object({ full: z.boolean().default(false) });

/** The Kyrgyz messages of the finder's errors. */
export const duplicateMessages = {
  personNotFound: 'Мындай инсан табылган жок.',
  runBusy: 'Кайталанган инсандарды издөө азыр эле жүрүп жатат.',
} as const;
