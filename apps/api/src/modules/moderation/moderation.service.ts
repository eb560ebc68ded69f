import type { ModerationCounts } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { pendingCounts } from '../../genealogy/proposals/proposal-reads';

/**
 * How many items wait for a moderator: pending proposals of the one queue (on persons; on
 * places, sources and notes) and pending posts by kind. The counts run on the
 * `(status, kind, id)` and `(kind, status, published_at)` indexes.
 */
export async function moderationCounts(db: Db): Promise<ModerationCounts> {
  const [waiting, [posts]] = await Promise.all([
    pendingCounts(db),
    queryRows<{ articles: number; news: number }>(
      db,
      sql`select
            (select count(*)::int from posts where kind = 'article' and status = 'pending')
              as articles,
            (select count(*)::int from posts where kind = 'news' and status = 'pending') as news`,
    ),
  ]);
  const proposals = waiting.person;
  const records = waiting.record;
  const articles = posts?.articles ?? 0;
  const news = posts?.news ?? 0;
  return { proposals, records, articles, news, total: proposals + records + articles + news };
}
