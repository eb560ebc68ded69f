import {
  foldName,
  parseGedcomDate,
  type CitationInput,
  type MediaInput,
  type UnionInput,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import {
  citations,
  events,
  mediaLinks,
  nameKeys,
  noteLinks,
  parentFamilies,
  personNames,
} from '../db/schema';
import { intArray } from './person-rows';
import type { AnyEvent, RecordFields } from './person-records';

/**
 * Writing a person's records: each list given replaces the stored one, rows in the list's
 * order, with the citations and media of each name, event and union beneath it.
 */

type Owner = { personId: number } | { eventId: number } | { unionId: number } | { nameId: number };

async function insertCitations(tx: Db, owner: Owner, list: readonly CitationInput[]) {
  if (list.length === 0) return;
  await tx.insert(citations).values(
    list.map((c, position) => ({
      ...owner,
      sourceId: c.source_id,
      page: c.page,
      quality: c.quality,
      note: c.note,
      recordingFileId: c.recording?.file_id ?? null,
      recordingAt: c.recording?.at ?? null,
      position,
    })),
  );
}

async function insertNoteLinks(
  tx: Db,
  owner: { personId: number } | { unionId: number },
  noteIds: readonly number[],
) {
  if (noteIds.length === 0) return;
  await tx
    .insert(noteLinks)
    .values(noteIds.map((noteId, position) => ({ ...owner, noteId, position })));
}

async function insertMedia(
  tx: Db,
  owner: { personId: number } | { eventId: number },
  list: readonly MediaInput[],
) {
  if (list.length === 0) return;
  await tx
    .insert(mediaLinks)
    .values(list.map((m, position) => ({ ...owner, fileId: m.file_id, title: m.title, position })));
}

async function insertEvents(
  tx: Db,
  owner: { personId: number } | { unionId: number },
  list: readonly AnyEvent[],
) {
  if (list.length === 0) return;
  const rows = await tx
    .insert(events)
    .values(
      list.map((e, position) => {
        const date = e.date === null ? null : parseGedcomDate(e.date);
        return {
          ...owner,
          type: e.type,
          customType: e.custom_type,
          value: e.value,
          date,
          dateSort: date?.sort ?? null,
          placeId: e.place_id,
          note: e.note,
          position,
        };
      }),
    )
    .returning({ id: events.id });
  // INSERT … RETURNING answers in the order of VALUES.
  for (const [i, event] of list.entries()) {
    const eventId = rows[i]?.id;
    if (eventId === undefined) throw new Error('event insert returned too few rows');
    await insertCitations(tx, { eventId }, event.citations);
    await insertMedia(tx, { eventId }, event.media);
  }
}

/** Replaces each list of `fields` that is given; places are resolved and references checked. */
export async function writeRecords(
  tx: Db,
  id: number,
  fields: Partial<RecordFields>,
): Promise<void> {
  if (fields.names !== undefined) {
    await tx.execute(sql`delete from person_names where person_id = ${id}`);
    const [person] = await queryRows<{ name_key: string }>(
      tx,
      sql`select name_key from persons where id = ${id}`,
    );
    for (const [position, name] of fields.names.entries()) {
      const nameKey = foldName(name.full_name);
      await tx.insert(nameKeys).values({ key: nameKey }).onConflictDoNothing();
      const [row] = await tx
        .insert(personNames)
        .values({
          personId: id,
          kind: name.kind,
          given: name.given,
          surname: name.surname,
          nickname: name.nickname,
          prefix: name.prefix,
          suffix: name.suffix,
          fullName: name.full_name,
          nameKey,
          alternative: nameKey !== person?.name_key,
          position,
        })
        .returning({ id: personNames.id });
      if (row) await insertCitations(tx, { nameId: row.id }, name.citations);
    }
  }
  if (fields.events !== undefined) {
    await tx.execute(sql`delete from events where person_id = ${id}`);
    await insertEvents(tx, { personId: id }, fields.events);
  }
  if (fields.parent_families !== undefined) {
    await tx.execute(sql`delete from parent_families where child_id = ${id}`);
    if (fields.parent_families.length > 0) {
      await tx.insert(parentFamilies).values(
        fields.parent_families.map((f, position) => ({
          childId: id,
          fatherId: f.father_id,
          motherId: f.mother_id,
          relation: f.relation,
          position,
        })),
      );
    }
  }
  if (fields.citations !== undefined) {
    await tx.execute(sql`delete from citations where person_id = ${id}`);
    await insertCitations(tx, { personId: id }, fields.citations);
  }
  if (fields.media !== undefined) {
    await tx.execute(sql`delete from media_links where person_id = ${id}`);
    await insertMedia(tx, { personId: id }, fields.media);
  }
  if (fields.note_ids !== undefined) {
    await tx.execute(sql`delete from note_links where person_id = ${id}`);
    await insertNoteLinks(tx, { personId: id }, fields.note_ids);
  }
  if (fields.unions !== undefined) await writeUnions(tx, id, fields.unions);
}

async function writeUnions(tx: Db, id: number, list: readonly UnionInput[]): Promise<void> {
  const unionsOf = await queryRows<{ id: number; spouse_id: number; first: boolean }>(
    tx,
    sql`select id, case when person1_id = ${id} then person2_id else person1_id end as spouse_id,
          person1_id = ${id} as first
        from unions where person1_id = ${id} or person2_id = ${id}`,
  );
  const ids = unionsOf.map((u) => u.id);
  if (ids.length === 0) return;
  await tx.execute(sql`delete from events where union_id = any(${intArray(ids)})`);
  await tx.execute(sql`delete from citations where union_id = any(${intArray(ids)})`);
  await tx.execute(sql`delete from note_links where union_id = any(${intArray(ids)})`);
  await tx.execute(
    sql`update unions set
          person1_position = case when person1_id = ${id} then null else person1_position end,
          person2_position = case when person2_id = ${id} then null else person2_position end
        where id = any(${intArray(ids)})`,
  );
  for (const detail of list) {
    const union = unionsOf.find((u) => u.spouse_id === detail.spouse_id);
    if (!union) continue;
    if (detail.position !== null) {
      await tx.execute(
        union.first
          ? sql`update unions set person1_position = ${detail.position} where id = ${union.id}`
          : sql`update unions set person2_position = ${detail.position} where id = ${union.id}`,
      );
    }
    await insertEvents(tx, { unionId: union.id }, detail.events);
    await insertCitations(tx, { unionId: union.id }, detail.citations);
    await insertNoteLinks(tx, { unionId: union.id }, detail.note_ids);
  }
}
