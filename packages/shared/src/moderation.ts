import { z } from 'zod';
import { TreeCheckCountsSchema } from './tree-checks';

/**
 * `GET /moderation/counts/` (moderators and admins): what waits for a moderator, by kind —
 * person proposals of the tree, proposals on places, sources and shared notes, members'
 * articles and news items in `pending`, members' "Бул мен" requests.
 */
export const ModerationCountsSchema = z.object({
  proposals: z.number().int(),
  /** Pending proposals on places, sources and shared notes. */
  records: z.number().int(),
  articles: z.number().int(),
  news: z.number().int(),
  /** "Бул мен" requests waiting (docs/features.md, This is me). */
  person_claims: z.number().int(),
  /** The sum of the five: the navigation's badge. */
  total: z.number().int(),
  /**
   * How many likely errors of each kind the tree checks find (`GET /tree-checks/`): shown on
   * the moderation page with a link to each kind, not counted in `total` (nothing waits). Null
   * for a branch steward, whose counts are the proposals of their branches only.
   */
  tree_checks: TreeCheckCountsSchema.nullable(),
});
export type ModerationCounts = z.infer<typeof ModerationCountsSchema>;
