import {
  CALENDAR_LIMITS,
  SITE_NAME,
  calendarEventTitle,
  dayOfDate,
  formatDay,
  type CalendarEvent,
  type CalendarFeedToken,
  type CalendarFeedTokenStatus,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { queryRows, type Db } from '../../db/client';
import {
  calendarEvents,
  resolveScope,
  type CalendarReader,
  type CalendarScope,
  type MonthOf,
} from '../../genealogy/calendar';
import { cachedAggregate } from '../../genealogy/tree-cache';
import { hashLinkSecret, newLinkSecret } from '../../lib/tokens';

/** When the member's feed link was made, or null. */
export async function feedTokenStatus(db: Db, userId: number): Promise<CalendarFeedTokenStatus> {
  const [row] = await queryRows<{ created_at: string }>(
    db,
    sql`select to_json(created_at) #>> '{}' as created_at
        from calendar_feed_tokens where user_id = ${userId}`,
  );
  return { created_at: row?.created_at ?? null };
}

/**
 * A new secret feed link for the member, replacing the previous one (which stops working at
 * once). Only its hash is stored, so the token is returned this once.
 */
export async function regenerateFeedToken(db: Db, userId: number): Promise<CalendarFeedToken> {
  const { token, hash } = newLinkSecret();
  const [row] = await queryRows<{ created_at: string }>(
    db,
    sql`insert into calendar_feed_tokens (user_id, token_hash) values (${userId}, ${hash})
        on conflict (user_id) do update
          set token_hash = excluded.token_hash, created_at = now(), updated_at = now()
        returning to_json(created_at) #>> '{}' as created_at`,
  );
  return { token, created_at: row?.created_at ?? new Date().toISOString() };
}

/** The active member a feed token belongs to, or null for an unknown or revoked token. */
export async function feedTokenUser(db: Db, token: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from calendar_feed_tokens t join users u on u.id = t.user_id
        where t.token_hash = ${hashLinkSecret(token)} and u.is_active`,
  );
  return row?.id ?? null;
}

/** The events of the 12 months from the current one, at most `CALENDAR_LIMITS.feedEvents`. */
async function feedEvents(
  db: Db,
  reader: CalendarReader,
  scope: CalendarScope,
  now: Date,
): Promise<CalendarEvent[]> {
  const tops = await resolveScope(db, scope);
  const today = dayOfDate(now);
  const months: MonthOf[] = [];
  for (let i = 0; i < CALENDAR_LIMITS.feedMonths; i++) {
    const index = today.month - 1 + i;
    months.push({ year: today.year + Math.floor(index / 12), month: (index % 12) + 1 });
  }
  // One read of each table for the 12 months, cached a little: phones poll the same feed.
  const key = `calendar-feed:${reader.memorial}:${reader.viewer.seesLiving}:${scope.clan ?? ''}:${scope.branch ?? ''}:${formatDay(today)}`;
  const { events } = await cachedAggregate(db, key, () =>
    calendarEvents(db, reader, tops, months, CALENDAR_LIMITS.feedEvents, now),
  );
  return events;
}

const DAY_MS = 86_400_000;

/**
 * The RFC 5545 feed: one all-day event per occurrence in the next 12 months (docs/features.md,
 * Calendar, on why not RRULE). A UID per kind, person and day keeps an event the same event
 * when the feed is read again.
 */
export async function calendarFeed(
  db: Db,
  reader: CalendarReader,
  scope: CalendarScope,
  personUrl: (id: number) => string,
  now = new Date(),
): Promise<string> {
  const events = await feedEvents(db, reader, scope, now);
  const calendar = ical({
    name: `${SITE_NAME}: эскерүү күндөрү`,
    prodId: { company: 'bagysh', product: 'calendar', language: 'KY' },
    ttl: 6 * 3600,
  });
  for (const event of events) {
    const start = new Date(`${event.date}T00:00:00Z`);
    calendar.createEvent({
      id: `${event.kind}-${event.person.id}-${event.spouse?.id ?? 0}-${event.date}@bagysh`,
      start,
      end: new Date(start.getTime() + DAY_MS),
      allDay: true,
      // The day the feed was read, not the second: the same tree reads as the same feed all day.
      stamp: new Date(`${formatDay(dayOfDate(now))}T00:00:00Z`),
      summary: calendarEventTitle(event),
      description: event.source_date,
      url: personUrl(event.person.id),
    });
  }
  return calendar.toString();
}
