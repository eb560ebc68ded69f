import type { ContactMessage, ContactMessageInput, ContactMessagesListQuery } from '@bagysh/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';

export const contactMessageTexts = {
  sent: 'Рахмат! Билдирүүңүз жөнөтүлдү.',
  tooMany: 'Өтө көп билдирүү жөнөтүлдү. Бир аздан кийин кайра аракет кылыңыз.',
} as const;

type Row = typeof contactMessages.$inferSelect;

function toApi(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    handled: row.handled,
    handled_at: row.handledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Stores a message from the contact form as the text it is (clients render it as text). */
export async function createContactMessage(
  db: Db,
  input: ContactMessageInput,
): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email || null,
      phone: input.phone || null,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The admin inbox: newest first, optionally only handled or unhandled messages. */
export async function listContactMessages(
  db: Db,
  query: ContactMessagesListQuery,
): Promise<{ count: number; results: ContactMessage[] }> {
  const where =
    query.handled === undefined ? undefined : eq(contactMessages.handled, query.handled);
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return { count: counted?.count ?? 0, results: rows.map(toApi) };
}

export async function getContactMessage(db: Db, id: number): Promise<ContactMessage> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound();
  return toApi(row);
}

/** Marks a message handled (remembering who and when) or back to unhandled. */
export async function setHandled(
  db: Db,
  id: number,
  handled: boolean,
  userId: number,
): Promise<ContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({
      handled,
      handledAt: handled ? new Date() : null,
      handledById: handled ? userId : null,
      updatedAt: new Date(),
    })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound();
  return toApi(row);
}
