import { z } from 'zod';
import { paginatedSchema } from './common';

/**
 * The kinds of likely error the tree checks report (docs/features.md, Tree checks), in the
 * order the page shows them:
 * - `parent_age`: a child born before a parent, or a parent younger than
 *   `TREE_CHECK_LIMITS.minParentAge` at the child's birth (birth father and mother);
 * - `death_before_birth`: a death year before the birth year (or, in the same year, a death
 *   event dated before the birth event);
 * - `living_too_old`: a person the privacy rule holds living, born over
 *   `TREE_CHECK_LIMITS.maxLivingAge` years ago;
 * - `future_date`: a birth or death year after the current year;
 * - `isolated`: a person with no parent, child, spouse or other parent family;
 * - `duplicate_children`: children of one father with the same (folded) name and birth year.
 */
export const TREE_CHECK_KINDS = [
  'parent_age',
  'death_before_birth',
  'living_too_old',
  'future_date',
  'isolated',
  'duplicate_children',
] as const;

export const TreeCheckKindSchema = z.enum(TREE_CHECK_KINDS);
export type TreeCheckKind = z.infer<typeof TreeCheckKindSchema>;

/** The thresholds of the checks, in years. */
export const TREE_CHECK_LIMITS = {
  /** A parent younger than this at a child's birth is reported; exactly this age is not. */
  minParentAge: 12,
  /** A living person older than this is reported; exactly this age is not. */
  maxLivingAge: 110,
} as const;

/** How a person of an item stands to the item: the one to fix, or a relative named with them. */
export const TreeCheckRoleSchema = z.enum(['person', 'father', 'mother', 'child']);
export type TreeCheckRole = z.infer<typeof TreeCheckRoleSchema>;

/** A person an item names, with the years the check read. */
export const TreeCheckPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: TreeCheckRoleSchema,
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
});
export type TreeCheckPerson = z.infer<typeof TreeCheckPersonSchema>;

/** One likely error: who, which kind, the values involved and what to fix. */
export const TreeCheckItemSchema = z.object({
  kind: TreeCheckKindSchema,
  /** The person whose page (and editor) fixes the item: the first of `persons`. */
  person_id: z.number().int(),
  persons: z.array(TreeCheckPersonSchema).min(1),
  /**
   * The age the check computed: a parent's age at the child's birth (`parent_age`, negative
   * when the child was born first), a living person's age (`living_too_old`); else null.
   */
  age: z.number().int().nullable(),
  /** What is wrong, in Kyrgyz, with the values. */
  detail: z.string(),
  /** What to fix, in Kyrgyz. */
  fix: z.string(),
});
export type TreeCheckItem = z.infer<typeof TreeCheckItemSchema>;

/** `GET /tree-checks/{kind}/`: one page of a kind's items, in person id order. */
export const TreeCheckPageSchema = paginatedSchema(TreeCheckItemSchema);
export type TreeCheckPage = z.infer<typeof TreeCheckPageSchema>;

/** How many items of each kind. */
export const TreeCheckCountsSchema = z.object({
  parent_age: z.number().int(),
  death_before_birth: z.number().int(),
  living_too_old: z.number().int(),
  future_date: z.number().int(),
  isolated: z.number().int(),
  duplicate_children: z.number().int(),
}) satisfies z.ZodType<Record<TreeCheckKind, number>>;
export type TreeCheckCounts = z.infer<typeof TreeCheckCountsSchema>;

/** `GET /tree-checks/` (moderators and admins): the count of every kind. */
export const TreeCheckSummarySchema = z.object({
  counts: TreeCheckCountsSchema,
  /** The sum of the counts. */
  total: z.number().int(),
  /** When the counts were computed (ISO 8601): they are kept while the tree does not change. */
  computed_at: z.string(),
});
export type TreeCheckSummary = z.infer<typeof TreeCheckSummarySchema>;

export const TreeCheckKindParamsSchema = z.object({ kind: TreeCheckKindSchema });
