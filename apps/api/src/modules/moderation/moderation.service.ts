import type { ModerationCounts } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { pendingClaimCount } from '../../genealogy/person-claims';
import { pendingCounts } from '../../genealogy/proposals/proposal-reads';
import { isSteward } from '../../genealogy/stewards';
import { forbidden } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { treeCheckCounts } from '../../genealogy/tree-checks';

/**
 * How many items wait for a moderator: pending proposals of the one queue (on persons; on
 * places, sources and notes), pending posts by kind and "Бул мен" requests. The counts run on the
 * `(status, kind, id)` and `(kind, status, published_at)` indexes, the requests' on `(status, id)`. Beside them, the tree
 * checks' count of each kind (genealogy/tree-checks.ts), which the moderation page links.
 */
export async function moderationCounts(db: Db): Promise<ModerationCounts> {
  const [waiting, [posts], checks, personClaims] = await Promise.all([
    pendingCounts(db),
    queryRows<{ articles: number; news: number }>(
      db,
      sql`select
            (select count(*)::int from posts where kind = 'article' and status = 'pending')
              as articles,
            (select count(*)::int from posts where kind = 'news' and status = 'pending') as news`,
    ),
    treeCheckCounts(db),
    pendingClaimCount(db),
  ]);
  const proposals = waiting.person;
  const records = waiting.record;
  const articles = posts?.articles ?? 0;
  const news = posts?.news ?? 0;
  return {
    proposals,
    records,
    articles,
    news,
    person_claims: personClaims,
    total: proposals + records + articles + news + personClaims,
    tree_checks: checks.counts,
  };
}

/**
 * What waits for a branch steward (stewards.ts): the pending proposals of their branches; they
 * review nothing else. 403 for a member who keeps no branch.
 */
export async function stewardCounts(db: Db, user: CurrentUser): Promise<ModerationCounts> {
  if (!(await isSteward(db, user.id))) throw forbidden();
  const waiting = await pendingCounts(db, user);
  return {
    proposals: waiting.person,
    records: waiting.record,
    articles: 0,
    news: 0,
    person_claims: 0,
    total: waiting.person + waiting.record,
    tree_checks: null,
  };
}
