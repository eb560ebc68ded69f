import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { pendingCounts } from '../proposals/proposal-reads';
import { addNotice } from './notice-rows';

/**
 * The two digests (docs/features.md, Notices), run by scheduled jobs with the time passed in
 * (`now`), so that a test runs them at once. Each writes notices; the dispatcher mails them.
 */

const DAY_MS = 24 * 3600 * 1000;
/** Lines of one weekly digest; past it, one line says how many more. */
const MAX_LINES = 40;

/**
 * The moderators' daily digest: what waits for them now (pending proposals, articles and
 * news), to every active moderator and admin, only when something waits. A moderator who got
 * one in the last 20 hours gets none (a job run twice, two processes). Answers how many
 * notices were written.
 */
export async function moderatorsDigest(db: Db, now: Date): Promise<number> {
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
  const parts: [number, string][] = [
    [waiting.person, 'Инсандар боюнча сунуштар'],
    [waiting.record, 'Жерлер, булактар жана эскертмелер боюнча сунуштар'],
    [posts?.articles ?? 0, 'Макалалар'],
    [posts?.news ?? 0, 'Жаңылыктар'],
  ];
  const total = parts.reduce((sum, [count]) => sum + count, 0);
  if (total === 0) return 0;
  const lines = parts.filter(([count]) => count > 0).map(([count, label]) => `${label}: ${count}`);
  const since = new Date(now.getTime() - 20 * 3600 * 1000);
  const moderators = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u
        where u.is_active and u.role in ('moderator', 'admin')
          and not exists (select 1 from notices n where n.user_id = u.id
                            and n.type = 'moderation_digest'
                            and n.created_at > ${since.toISOString()}::timestamptz
                            and n.created_at <= ${now.toISOString()}::timestamptz)
        order by u.id`,
  );
  for (const moderator of moderators) {
    await addNotice(db, {
      userId: moderator.id,
      type: 'moderation_digest',
      title: `Модерацияны ${total} иш күтүп турат`,
      lines,
      link: '/moderation',
      createdAt: now,
    });
  }
  return moderators.length;
}

interface Change {
  user_id: number;
  followed_id: number;
  followed_name: string;
  what: 'create' | 'update' | 'article';
  person_id: number;
  person_name: string;
  title: string | null;
  at: string;
}

/**
 * The weekly digest of followed persons and branches: for each member who follows something,
 * what changed in the seven days before `now` — persons added under a followed branch (or the
 * followed person's own record), corrections of them, articles published about them. Nothing
 * is written for a member with no change, or with a digest in the last six days. Names only:
 * the father line is shown to everyone (genealogy/privacy.ts), and a follower is signed in.
 */
export async function followersDigest(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const until = now.toISOString();
  const recent = new Date(now.getTime() - 6 * DAY_MS).toISOString();
  // A person is in a follow when it is the followed person, or a descendant for a branch.
  const inFollow = sql`(p.id = f.person_id or (f.scope = 'branch' and f.person_id = any(p.path)))`;
  const changes = await queryRows<Change>(
    db,
    sql`with followers as (
          select f.* from follows f join users u on u.id = f.user_id
          where u.is_active
            and not exists (select 1 from notices n where n.user_id = f.user_id
                              and n.type = 'follow_digest'
                              and n.created_at > ${recent}::timestamptz
                              and n.created_at <= ${until}::timestamptz)
        )
        select f.user_id, f.person_id as followed_id, fp.name as followed_name,
               r.action as what, p.id as person_id, p.name as person_name, null as title,
               r.reviewed_at as at
          from followers f
          join persons fp on fp.id = f.person_id
          join proposals r on r.kind = 'person' and r.status = 'applied'
                          and r.action in ('create', 'update') and r.record_id is not null
                          and r.reviewed_at >= ${since}::timestamptz
                          and r.reviewed_at < ${until}::timestamptz
          join persons p on p.id = r.record_id
         where ${inFollow}
        union all
        select f.user_id, f.person_id, fp.name, 'article', p.id, p.name, po.title,
               po.published_at
          from followers f
          join persons fp on fp.id = f.person_id
          join posts po on po.kind = 'article' and po.status = 'published'
                       and po.published_at >= ${since}::timestamptz
                       and po.published_at < ${until}::timestamptz
          join persons p on p.id = po.person_id
         where ${inFollow}
        order by 1, 8, 5`,
  );
  const byUser = new Map<number, Change[]>();
  for (const change of changes) {
    const list = byUser.get(change.user_id) ?? [];
    list.push(change);
    byUser.set(change.user_id, list);
  }
  for (const [userId, list] of byUser) {
    const lines = [...new Set(list.map(changeLine))];
    const shown = lines.slice(0, MAX_LINES);
    if (lines.length > shown.length) shown.push(`…жана дагы ${lines.length - shown.length}.`);
    const first = list[0];
    await addNotice(db, {
      userId,
      type: 'follow_digest',
      title: `Көз салган санжыраңызда ${lines.length} өзгөрүү болду`,
      lines: shown,
      link: first ? `/persons/${first.followed_id}` : null,
      createdAt: now,
    });
  }
  return byUser.size;
}

function changeLine(change: Change): string {
  const where =
    change.person_id === change.followed_id ? '' : ` (${change.followed_name} бутагында)`;
  switch (change.what) {
    case 'create':
      return `Жаңы инсан кошулду: ${change.person_name}${where}`;
    case 'update':
      return `Оңдоо: ${change.person_name}${where}`;
    case 'article':
      return `Жаңы макала: «${change.title ?? ''}» — ${change.person_name}${where}`;
  }
}
