import type { ModerationCounts } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * How many items wait for a moderator: pending proposals on persons and on places, sources and
 * notes, and pending posts by kind. The counts run on the `(status, id)` and
 * `(kind, status, published_at)` indexes.
 */
export async function moderationCounts(db: Db): Promise<ModerationCounts> {
  const [row] = await queryRows<{
    proposals: number;
    records: number;
    articles: number;
    news: number;
  }>(
    db,
    sql`select
          (select count(*)::int from person_revisions where status = 'pending') as proposals,
          (select count(*)::int from record_revisions where status = 'pending') as records,
          (select count(*)::int from posts where kind = 'article' and status = 'pending')
            as articles,
          (select count(*)::int from posts where kind = 'news' and status = 'pending') as news`,
  );
  const proposals = row?.proposals ?? 0;
  const records = row?.records ?? 0;
  const articles = row?.articles ?? 0;
  const news = row?.news ?? 0;
  return { proposals, records, articles, news, total: proposals + records + articles + news };
}
