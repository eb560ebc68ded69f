import {
  noteMessages,
  type Note,
  type NotesListQuery,
  type NoteSummary,
  type PersonLink,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import type { Viewer } from '../privacy';
import type { RecordFields, RecordKind } from '../proposals/record-kind';
import { linkedPersonIds, linkHidden, type LinkColumns } from '../linked-persons';

/**
 * Shared notes. The rule for guests: a note is shown only when it is not private and
 * none of its links reaches a living person (the person, the person of the event, a spouse of
 * the union); a note linked to a living person may tell what the living-person rule hides.
 * Members read every note; only members list them.
 */

/** Characters of a note's text in a list. */
const EXCERPT_LENGTH = 200;

const NOTE_LINK: LinkColumns = {
  person: sql`nl.person_id`,
  event: sql`nl.event_id`,
  union: sql`nl.union_id`,
};

/** The note row `n` may be shown to `viewer` (also where a revision names the note). */
export function noteVisible(viewer: Viewer): SQL {
  if (viewer.seesLiving) return sql`true`;
  return sql`(not n.is_private and not exists (
    select 1 from note_links nl where nl.note_id = n.id and ${linkHidden(viewer, NOTE_LINK)}))`;
}

export async function getNote(db: Db, id: number, viewer: Viewer): Promise<Note> {
  const [row] = await queryRows<{
    id: number;
    text: string;
    is_private: boolean;
    created_at: string;
    updated_at: string;
  }>(
    db,
    sql`select n.id, n.text, n.is_private,
          to_json(n.created_at) #>> '{}' as created_at, to_json(n.updated_at) #>> '{}' as updated_at
        from notes n where n.id = ${id} and ${noteVisible(viewer)}`,
  );
  // Hidden and missing answer alike: a guest learns nothing of a note they may not read.
  if (!row) throw notFound();
  const persons = await queryRows<PersonLink>(
    db,
    sql`select p.id, p.name from persons p where p.id in (
          select lp.id from note_links nl cross join lateral (${linkedPersonIds(NOTE_LINK)}) lp
          where nl.note_id = ${id})
        order by p.name, p.id`,
  );
  const sources = await queryRows<{ id: number; title: string }>(
    db,
    sql`select s.id, s.title from sources s
        where s.id in (select source_id from note_links where note_id = ${id})
        order by s.title, s.id`,
  );
  return {
    id: row.id,
    text: row.text,
    is_private: row.is_private,
    linked_persons: persons,
    linked_sources: sources,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Notes, newest first (members only: the route asks for a user). */
export async function listNotes(
  db: Db,
  query: NotesListQuery,
): Promise<{ count: number; results: NoteSummary[] }> {
  const where =
    query.q !== undefined && query.q !== ''
      ? sql`where lower(n.text) like ${`%${escapeLike(query.q.toLowerCase())}%`}`
      : sql``;
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<NoteSummary>(
    db,
    sql`select n.id, left(n.text, ${EXCERPT_LENGTH}) as text, n.is_private,
          (select count(*)::int from note_links nl where nl.note_id = n.id) as link_count
        from notes n ${where} order by n.id desc limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from notes n ${where}`,
  );
  return { count: total?.count ?? 0, results: rows };
}

export const noteKind: RecordKind = {
  type: 'note',
  table: 'notes',
  labelSql: `left(x.text, ${EXCERPT_LENGTH})`,

  async validateCreate() {},

  async create(tx, fields, userId, id) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into notes (${sql.raw(id === undefined ? '' : 'id, ')}text, is_private,
            created_by_id)
          values (${id === undefined ? sql`` : sql`${id}, `}${fields.text as string},
            ${(fields.is_private as boolean | undefined) ?? false}, ${userId})
          returning id`,
    );
    if (!row) throw new Error('note insert returned nothing');
    return row.id;
  },

  async snapshot(tx, id) {
    const [row] = await queryRows<RecordFields>(
      tx,
      sql`select text, is_private from notes where id = ${id} for update`,
    );
    return row ?? null;
  },

  async validateUpdate() {},

  async update(tx, id, changes) {
    const sets: SQL[] = [];
    if (typeof changes.text === 'string') sets.push(sql`text = ${changes.text}`);
    if (typeof changes.is_private === 'boolean') sets.push(sql`is_private = ${changes.is_private}`);
    if (sets.length === 0) return;
    await tx.execute(
      sql`update notes set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
    );
  },

  // A linked note would vanish from the records that show it: the links go first.
  async validateDelete(tx, id) {
    const [row] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from note_links where note_id = ${id}`,
    );
    if ((row?.count ?? 0) > 0) throw conflict(noteMessages.linked(row?.count ?? 0));
  },

  async delete(tx, id) {
    await tx.execute(sql`delete from notes where id = ${id}`);
    return null;
  },
};
