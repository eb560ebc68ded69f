import { z } from 'zod';

/**
 * `GET /moderation/counts/` (moderators and admins): what waits for a moderator, by kind —
 * person proposals of the tree, proposals on places, sources and shared notes, members'
 * articles and news items in `pending`.
 */
export const ModerationCountsSchema = z.object({
  proposals: z.number().int(),
  /** Pending proposals on places, sources and shared notes. */
  records: z.number().int(),
  articles: z.number().int(),
  news: z.number().int(),
  /** The sum of the four: the navigation's badge. */
  total: z.number().int(),
});
export type ModerationCounts = z.infer<typeof ModerationCountsSchema>;
