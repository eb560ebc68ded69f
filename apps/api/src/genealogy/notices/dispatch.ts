import type { NoticeKind } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { MailMessage } from '../../mail/mail-message';
import { noticeMail, type NoticeMailSettings } from './notice-mail';

/** How many notices one pass claims. */
const BATCH = 50;

interface Claimed {
  id: number;
  user_id: number;
  kind: NoticeKind;
  title: string;
  lines: string[];
  comment: string | null;
  link: string | null;
  email: string | null;
  username: string;
  mailed: boolean;
}

/**
 * Mails the notices that wait (docs/features.md, Notices). A notice is mailed only to an
 * active member's confirmed address, and only when the member has not switched its kind off;
 * otherwise it is marked `skipped` and stays in the site. Each pass claims its rows in one
 * statement (`for update skip locked`), so two processes never mail one notice twice; a mail
 * the queue refused to take puts its notice back to `pending`. Answers how many were mailed.
 */
export async function dispatchNoticeMails(
  db: Db,
  mailer: { send(message: MailMessage): Promise<void> },
  settings: NoticeMailSettings,
): Promise<number> {
  let mailed = 0;
  for (;;) {
    const rows = await queryRows<Claimed>(
      db,
      sql`with batch as (
            select id from notices where mail_state = 'pending'
            order by id limit ${BATCH} for update skip locked
          ), decided as (
            select n.id, u.email, u.username,
              (u.is_active and u.email is not null and u.email_verified_at is not null
                and not exists (select 1 from notice_mail_opt_outs o
                                 where o.user_id = n.user_id and o.kind = n.kind)) as mailed
            from notices n join users u on u.id = n.user_id
            where n.id in (select id from batch)
          )
          update notices n
             set mail_state = case when d.mailed then 'sent' else 'skipped' end,
                 updated_at = now()
            from decided d
           where n.id = d.id
          returning n.id, n.user_id, n.kind, n.title, n.lines, n.comment, n.link,
                    d.email, d.username, d.mailed`,
    );
    if (rows.length === 0) return mailed;
    for (const row of rows) {
      if (!row.mailed || row.email === null) continue;
      try {
        await mailer.send(
          noticeMail(
            {
              to: row.email,
              username: row.username,
              userId: row.user_id,
              kind: row.kind,
              title: row.title,
              lines: row.lines,
              comment: row.comment,
              link: row.link,
            },
            settings,
          ),
        );
        mailed += 1;
      } catch (error) {
        await db.execute(sql`update notices set mail_state = 'pending' where id = ${row.id}`);
        throw error;
      }
    }
    if (rows.length < BATCH) return mailed;
  }
}
