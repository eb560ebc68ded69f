import { z } from 'zod';
import { PersonSummarySchema } from './persons';

/**
 * The pedigree and descendant charts. A module of its own: only the chart pages
 * load these schemas, not every page that reads persons.
 */
export const CHART_LIMITS = {
  /** Generations of ancestors one pedigree answer reaches (2^9 − 1 persons at most). */
  maxPedigreeGenerations: 8,
  /** Generations one descendant-chart answer reaches, and the persons it holds at most. */
  maxGenerations: 6,
  maxPersons: 1000,
} as const;

/** `?generations=` of the pedigree: generations of ancestors above the person. */
export const PedigreeQuery = z.object({
  generations: z.coerce.number().int().min(1).max(CHART_LIMITS.maxPedigreeGenerations).default(4),
});
export type PedigreeQuery = z.infer<typeof PedigreeQuery>;

/**
 * A person and their ancestors on both sides, up to `generations` above: each person once, the
 * person first, then generation by generation. Parents are found through `father_id` and
 * `mother_id` (null where the viewer may not see the link); a person of the last generation
 * whose parent ids are set has ancestors beyond this answer.
 */
export const PedigreeSchema = z.object({
  generations: z.number().int(),
  results: z.array(PersonSummarySchema),
});
export type Pedigree = z.infer<typeof PedigreeSchema>;

/** `?generations=` of the descendant chart: generations below the person. */
export const DescendantChartQuery = z.object({
  generations: z.coerce.number().int().min(1).max(CHART_LIMITS.maxGenerations).default(3),
});
export type DescendantChartQuery = z.infer<typeof DescendantChartQuery>;

/**
 * A person and their descendants through sons and daughters alike, up to `generations` below:
 * the person first, then generation by generation, at most `CHART_LIMITS.maxPersons`. `truncated` says a
 * generation was cut by that limit; a person with `child_count` above the children listed has
 * descendants beyond this answer.
 */
export const DescendantChartSchema = z.object({
  generations: z.number().int(),
  truncated: z.boolean(),
  results: z.array(PersonSummarySchema),
});
export type DescendantChart = z.infer<typeof DescendantChartSchema>;
