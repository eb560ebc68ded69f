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
