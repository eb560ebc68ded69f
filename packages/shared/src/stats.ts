import { z } from 'zod';

/** `GET /stats/`: the figures of the home page. */
export const TreeStatsSchema = z.object({
  persons: z.number().int(),
  /** Generations from the oldest root to the deepest descendant. */
  generations: z.number().int(),
  clans: z.number().int(),
  /** Persons the privacy rule hides from guests as living (the restricted by RESN with them). */
  living: z.number().int(),
  historical: z.number().int(),
});
export type TreeStats = z.infer<typeof TreeStatsSchema>;

/**
 * The least number of persons a cell of the tribe's statistics may count for a guest when it
 * counts a living (hidden) person: a smaller cell is merged with its neighbour, or into the
 * others (docs/genealogy.md, Statistics of the tribe).
 */
export const TRIBE_STATS_MIN_CELL = 5;

/** A cell over a range of an ordered figure: `from`–`to` (one value when equal). */
const RangeCellSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** Null when the cell is withheld from a guest (too small and counting a living person). */
  count: z.number().int().nullable(),
});
export type TribeStatsRangeCell = z.infer<typeof RangeCellSchema>;

const ClanCellSchema = z.object({
  /** A top уруу; `others` merges the clans too small to show alone, `none` counts the persons in no уруу. */
  kind: z.enum(['clan', 'others', 'none']),
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  count: z.number().int().nullable(),
});
export type TribeStatsClanCell = z.infer<typeof ClanCellSchema>;

const NameCountSchema = z.object({ name: z.string(), count: z.number().int() });

/** `GET /stats/tribe/`: the statistics page of the tribe (docs/features.md). */
export const TribeStatsSchema = z.object({
  /** Every person of the tree, the living with them. */
  persons: z.number().int(),
  /**
   * True for a guest: births, lifespans and names count only the persons a guest sees in
   * full (the living and the restricted are left out), and small cells are merged.
   */
  excludes_living: z.boolean(),
  /** Persons per муун: generation 1 is the roots of the father line. */
  generations: z.array(RangeCellSchema),
  /** Persons per top уруу (its founder and every descendant in the father line). */
  clans: z.array(ClanCellSchema),
  /** Persons born per decade: `from` is the decade's first year, `to` its last. */
  births: z.array(RangeCellSchema),
  /** Age at death by century of birth (`from` its first year), of persons with both years. */
  lifespans: z.array(
    z.object({
      century: z.number().int(),
      count: z.number().int(),
      average_age: z.number(),
      median_age: z.number(),
    }),
  ),
  /** The ten most common given names of men and of women. */
  names: z.object({ male: z.array(NameCountSchema), female: z.array(NameCountSchema) }),
  /** Fathers by number of children in the father line (`from`–`to` children). */
  children: z.array(RangeCellSchema),
});
export type TribeStats = z.infer<typeof TribeStatsSchema>;
