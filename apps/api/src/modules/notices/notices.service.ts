import {
  hasRole,
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
  noticeMessages,
  type FollowScope,
  type FollowState,
  type Notice,
  type NoticeKind,
  type NoticeListQuery,
  type NoticeSettings,
  type NoticeSettingsInput,
  type UnsubscribeInfo,
} from '@bagysh/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows, noticeMailOptOuts, notices, users } from '../../db/schema';
import { personsTable } from '../../genealogy/person-table';
import { readUnsubscribeToken } from '../../genealogy/notices/unsubscribe-token';
import { FOREIGN_KEY_VIOLATION, postgresError } from '../../lib/db-errors';
import { HttpError, notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import type { CurrentUser } from '../../plugins/auth';

/** A member's notices, newest first, and how many are unread. */
export async function listNotices(
  db: Db,
  userId: number,
  query: NoticeListQuery,
): Promise<{ count: number; unread: number; results: Notice[] }> {
  const { limit, offset } = pageWindow(query);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(eq(notices.userId, userId))
      .orderBy(desc(notices.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(notices).where(eq(notices.userId, userId)),
    unreadCount(db, userId),
  ]);
  return {
    count: total?.value ?? 0,
    unread,
    results: rows.map((row) => ({
      id: row.id,
      type: row.type,
      kind: row.kind,
      title: row.title,
      lines: row.lines,
      comment: row.comment,
      link: row.link,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.value ?? 0;
}

/** Marks one of the member's notices read; another member's answers 404. */
export async function markRead(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ readAt: notices.readAt })
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.userId, userId)));
  if (!row) throw notFound();
  if (row.readAt) return;
  await db
    .update(notices)
    .set({ readAt: new Date(), updatedAt: new Date() })
    .where(eq(notices.id, id));
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notices)
    .set({ readAt: new Date(), updatedAt: new Date() })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
}

async function optedOut(db: Db, userId: number): Promise<Set<NoticeKind>> {
  const rows = await db
    .select({ kind: noticeMailOptOuts.kind })
    .from(noticeMailOptOuts)
    .where(eq(noticeMailOptOuts.userId, userId));
  return new Set(rows.map((row) => row.kind));
}

export async function noticeSettings(db: Db, user: CurrentUser): Promise<NoticeSettings> {
  const [row] = await db
    .select({ verified: users.emailVerifiedAt, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  const off = await optedOut(db, user.id);
  return {
    mail: {
      reviews: !off.has('reviews'),
      follows: !off.has('follows'),
      moderation: !off.has('moderation'),
    },
    email_confirmed: Boolean(row?.email && row.verified),
    moderator: hasRole(user.role, 'moderator'),
  };
}

/** Switches a kind's mail on (removes the opt-out) or off (adds it). */
export async function setMail(db: Db, userId: number, kind: NoticeKind, on: boolean) {
  if (on) {
    await db
      .delete(noticeMailOptOuts)
      .where(and(eq(noticeMailOptOuts.userId, userId), eq(noticeMailOptOuts.kind, kind)));
  } else {
    await db.insert(noticeMailOptOuts).values({ userId, kind }).onConflictDoNothing();
  }
}

export async function updateNoticeSettings(
  db: Db,
  user: CurrentUser,
  input: NoticeSettingsInput,
): Promise<NoticeSettings> {
  for (const kind of NOTICE_KINDS) {
    const value = input.mail[kind];
    if (value !== undefined) await setMail(db, user.id, kind, value);
  }
  return noticeSettings(db, user);
}

const badToken = () => new HttpError(400, noticeMessages.badUnsubscribeToken);

/** What an unsubscribe link stops; 400 for a token this site did not sign (or a gone member). */
export async function unsubscribeInfo(
  db: Db,
  secret: string,
  token: string,
): Promise<UnsubscribeInfo> {
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw badToken();
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, read.userId));
  if (!user) throw badToken();
  const off = await optedOut(db, read.userId);
  return {
    kind: read.kind,
    label: NOTICE_KIND_LABELS[read.kind],
    username: user.username,
    subscribed: !off.has(read.kind),
  };
}

export async function unsubscribe(db: Db, secret: string, token: string): Promise<void> {
  const info = await unsubscribeInfo(db, secret, token);
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw badToken();
  if (info.subscribed) await setMail(db, read.userId, read.kind, false);
}

// ---------------------------------------------------------------------------------------------
// Follows

export async function followState(db: Db, userId: number, personId: number): Promise<FollowState> {
  const [row] = await db
    .select({ scope: follows.scope })
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.personId, personId)));
  return { scope: row?.scope ?? null };
}

/** Follows a person or a branch (a second call changes the scope); 404 for no such person. */
export async function follow(
  db: Db,
  userId: number,
  personId: number,
  scope: FollowScope,
): Promise<FollowState> {
  const [person] = await db
    .select({ id: personsTable.id })
    .from(personsTable)
    .where(eq(personsTable.id, personId));
  if (!person) throw notFound(noticeMessages.noSuchPerson);
  try {
    await db
      .insert(follows)
      .values({ userId, personId, scope })
      .onConflictDoUpdate({
        target: [follows.userId, follows.personId],
        set: { scope, updatedAt: new Date() },
      });
  } catch (error) {
    // The person was deleted between the check and the insert.
    if (postgresError(error)?.code === FOREIGN_KEY_VIOLATION) {
      throw notFound(noticeMessages.noSuchPerson);
    }
    throw error;
  }
  return { scope };
}

export async function unfollow(db: Db, userId: number, personId: number): Promise<FollowState> {
  await db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.personId, personId)));
  return { scope: null };
}
