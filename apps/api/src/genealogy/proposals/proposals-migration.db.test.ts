import { rm } from 'node:fs/promises';
import type { ModerationCounts, RecordRevision, Revision } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { queryRows, type Database, type Db } from '../../db/client';
import { signToken } from '../../lib/tokens';
import { testConfig } from '../../test/app';
import { createEmptyTestDatabase, migrateUpTo } from '../../test/migrations';

/**
 * Migration 0023 on a database that used both old tables: person revisions and revisions of
 * places, sources and notes of every status (pending, applied, rejected, applied and reverted,
 * the revert itself), written with the SQL of the schema before it. Every row arrives in
 * `proposals` with all its fields; person revisions keep their ids, the others are numbered
 * above every old id and are still found at their old URLs.
 */

type Json = Record<string, unknown>;

let database: Database;
let app: App;
let dataDir: string;
let oldPersonRows: Json[];
let oldRecordRows: Json[];
let ids: { moderator: number; member: number; person: number; place: number; source: number };
let headers: { moderator: { authorization: string }; member: { authorization: string } };

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

const idOf = (db: Db, query: ReturnType<typeof sql>) =>
  one<{ id: number }>(db, query).then((row) => row.id);

/** The rows of the schema before 0023, as a site running it wrote them. */
async function writeOldRows(db: Db) {
  const moderator = await idOf(
    db,
    sql`insert into users (username, username_key, password_hash, role)
        values ('Moder', 'moder', 'x', 'moderator') returning id`,
  );
  const member = await idOf(
    db,
    sql`insert into users (username, username_key, password_hash)
        values ('Mucho', 'mucho', 'x') returning id`,
  );
  const person = await idOf(
    db,
    sql`insert into persons (name, name_key) values ('Асан', 'asan') returning id`,
  );
  const place = await idOf(
    db,
    sql`insert into places (name, name_key) values ('Жаңы Талас', 'zhany talas') returning id`,
  );
  const source = await idOf(
    db,
    sql`insert into sources (title) values ('Санжыра китеби') returning id`,
  );
  const note = await idOf(db, sql`insert into notes (text) values ('Эскертүү') returning id`);
  ids = { moderator, member, person, place, source };

  const reviewed = sql`now() - interval '1 day'`;
  const personRevision = (values: ReturnType<typeof sql>) =>
    idOf(
      db,
      sql`insert into person_revisions (person_id, action, status, before, after, base_version,
            author_id, reviewer_id, comment, reviewed_at, revert_of_id)
          values ${values} returning id`,
    );
  // 1 applied create, 2 pending, 3 rejected, 4 applied and reverted by 5, 6 pending delete.
  await personRevision(
    sql`(${person}, 'create', 'applied', null, '{"name":"Асан"}', null, ${moderator}, ${moderator}, null, ${reviewed}, null)`,
  );
  await personRevision(
    sql`(${person}, 'update', 'pending', '{"birth_year":null}', '{"birth_year":1850}', 1, ${member}, null, null, null, null)`,
  );
  await personRevision(
    sql`(${person}, 'update', 'rejected', '{"biography":null}', '{"biography":"Бий болгон"}', 1, ${member}, ${moderator}, 'Булагы жок', ${reviewed}, null)`,
  );
  const reverted = await personRevision(
    sql`(${person}, 'update', 'applied', '{"death_year":null}', '{"death_year":1900}', 1, ${moderator}, ${moderator}, null, ${reviewed}, null)`,
  );
  const revert = await personRevision(
    sql`(${person}, 'update', 'applied', '{"death_year":1900}', '{"death_year":null}', null, ${moderator}, ${moderator}, 'Ката', ${reviewed}, ${reverted})`,
  );
  await db.execute(
    sql`update person_revisions set reverted_by_id = ${revert} where id = ${reverted}`,
  );
  await personRevision(
    sql`(${person}, 'delete', 'pending', '{"name":"Асан"}', null, 1, ${member}, null, null, null, null)`,
  );

  const recordRevision = (values: ReturnType<typeof sql>) =>
    idOf(
      db,
      sql`insert into record_revisions (record_type, record_id, action, status, before, after,
            author_id, reviewer_id, comment, reviewed_at, revert_of_id)
          values ${values} returning id`,
    );
  // 1 applied create, 2 applied (reverted below through its old URL), 3 pending,
  // 4 rejected, 5 applied and reverted by 6, 7 pending (rejected below through its old URL).
  await recordRevision(
    sql`('place', ${place}, 'create', 'applied', null, '{"name":"Эски Талас"}', ${moderator}, ${moderator}, null, ${reviewed}, null)`,
  );
  await recordRevision(
    sql`('place', ${place}, 'update', 'applied', '{"name":"Эски Талас"}', '{"name":"Жаңы Талас"}', ${moderator}, ${moderator}, null, ${reviewed}, null)`,
  );
  await recordRevision(
    sql`('source', null, 'create', 'pending', null, '{"title":"Айтуучунун сөзү","kind":"informant"}', ${member}, null, null, null, null)`,
  );
  await recordRevision(
    sql`('source', ${source}, 'update', 'rejected', '{"title":"Санжыра китеби"}', '{"title":"Китеп"}', ${member}, ${moderator}, 'Мурункусу туура', ${reviewed}, null)`,
  );
  const noteChange = await recordRevision(
    sql`('note', ${note}, 'update', 'applied', '{"text":"Эски"}', '{"text":"Эскертүү"}', ${moderator}, ${moderator}, null, ${reviewed}, null)`,
  );
  const noteRevert = await recordRevision(
    sql`('note', ${note}, 'update', 'applied', '{"text":"Эскертүү"}', '{"text":"Эски"}', ${moderator}, ${moderator}, null, ${reviewed}, ${noteChange})`,
  );
  await db.execute(
    sql`update record_revisions set reverted_by_id = ${noteRevert} where id = ${noteChange}`,
  );
  await recordRevision(
    sql`('place', ${place}, 'update', 'pending', '{"alt_names":[]}', '{"alt_names":["Талас"]}', ${member}, null, null, null, null)`,
  );
}

const rowsOf = async (db: Db, table: string) =>
  (
    await queryRows<{ row: Json }>(
      db,
      sql`select row_to_json(t) as row from ${sql.identifier(table)} t order by t.id`,
    )
  ).map((row) => row.row);

async function tokenFor(id: number) {
  const { token } = await signToken(
    app.config.jwtSecret ?? '',
    { sub: id, typ: 'access', gen: 0 },
    app.config.accessTokenTtlSeconds,
  );
  return { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateUpTo(database, '0023_proposals');
  await writeOldRows(database.db);
  oldPersonRows = await rowsOf(database.db, 'person_revisions');
  oldRecordRows = await rowsOf(database.db, 'record_revisions');
  await database.migrate();
  const config = testConfig();
  dataDir = config.dataDir;
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  headers = { moderator: await tokenFor(ids.moderator), member: await tokenFor(ids.member) };
});

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The largest old id of both tables: record revisions are numbered on above it. */
const top = () => Math.max(...[...oldPersonRows, ...oldRecordRows].map((row) => row.id as number));

/** The new id of the record revision that had `oldId`. */
const newIdOf = (oldId: unknown) =>
  oldId === null ? null : top() + oldRecordRows.findIndex((row) => row.id === oldId) + 1;

describe('migration 0023: one proposals table', () => {
  it('wrote rows of every status in both old tables, with ids that overlap', () => {
    const statuses = (rows: Json[]) =>
      new Set(rows.map((row) => (row.reverted_by_id === null ? row.status : 'reverted')));
    const every = ['applied', 'pending', 'rejected', 'reverted'];
    expect([...statuses(oldPersonRows)].sort()).toEqual(every);
    expect([...statuses(oldRecordRows)].sort()).toEqual(every);
    expect(oldRecordRows.map((row) => row.id)).toContain(oldPersonRows[2]?.id);
  });

  it('keeps every person revision with its id and all its fields', async () => {
    const rows = await queryRows<{ row: Json }>(
      database.db,
      sql`select row_to_json(p) as row from proposals p where p.kind = 'person' order by p.id`,
    );
    expect(rows.map((row) => row.row)).toEqual(
      oldPersonRows.map(({ person_id, ...row }) => ({
        ...row,
        kind: 'person',
        record_id: person_id,
        legacy_id: null,
        // A later migration's column: no proposal from before it kept a field.
        kept: null,
      })),
    );
  });

  it('numbers each record revision above every old id, keeping the old one and every field', async () => {
    const rows = await queryRows<{ row: Json }>(
      database.db,
      sql`select row_to_json(p) as row from proposals p where p.kind <> 'person' order by p.id`,
    );
    expect(rows.map((row) => row.row)).toEqual(
      oldRecordRows.map(({ record_type, ...row }) => ({
        ...row,
        id: newIdOf(row.id),
        kind: record_type,
        base_version: null,
        kept: null,
        revert_of_id: newIdOf(row.revert_of_id),
        reverted_by_id: newIdOf(row.reverted_by_id),
        legacy_id: row.id,
      })),
    );
  });

  it('drops the old tables; a new proposal gets an id above every one before', async () => {
    const gone = await one<{ person: string | null; record: string | null }>(
      database.db,
      sql`select to_regclass('person_revisions')::text as person,
                 to_regclass('record_revisions')::text as record`,
    );
    expect(gone).toEqual({ person: null, record: null });
    const response = await app.inject({
      method: 'POST',
      url: '/api/places/',
      headers: headers.member,
      payload: { name: 'Кочкор' },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<RecordRevision>().id).toBe(top() + oldRecordRows.length + 1);
  });

  it('answers the old person revision URLs by their ids, and only for persons', async () => {
    for (const old of oldPersonRows) {
      const response = await app.inject({
        url: `/api/revisions/${old.id as number}/`,
        headers: headers.moderator,
      });
      expect(response.statusCode, response.body).toBe(200);
      const revision = response.json<Revision>();
      expect(revision).toMatchObject({
        id: old.id,
        person_id: ids.person,
        action: old.action,
        status: old.status,
        before: old.before,
        after: old.after,
        base_version: old.base_version,
        comment: old.comment,
        revert_of: old.revert_of_id,
        reverted_by: old.reverted_by_id,
      });
      expect(revision.person?.name).toBe('Асан');
    }
    const recordRow = await app.inject({
      url: `/api/revisions/${newIdOf(oldRecordRows[0]?.id) ?? 0}/`,
      headers: headers.moderator,
    });
    expect(recordRow.statusCode).toBe(404);
  });

  it('answers the old record revision URLs by their old ids, and by their new ones', async () => {
    for (const old of oldRecordRows) {
      for (const id of [old.id as number, newIdOf(old.id) ?? 0]) {
        const response = await app.inject({
          url: `/api/record-revisions/${id}/`,
          headers: headers.moderator,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<RecordRevision>()).toMatchObject({
          id: newIdOf(old.id),
          record_type: old.record_type,
          record_id: old.record_id,
          action: old.action,
          status: old.status,
          before: old.before,
          after: old.after,
          comment: old.comment,
          revert_of: newIdOf(old.revert_of_id),
          reverted_by: newIdOf(old.reverted_by_id),
        });
      }
    }
    // A member reads their own by its old id, as before.
    const own = await app.inject({ url: '/api/record-revisions/3/', headers: headers.member });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<RecordRevision>().after).toEqual({
      title: 'Айтуучунун сөзү',
      kind: 'informant',
    });
    // An id that was never a record revision's, old or new.
    const never = await app.inject({
      url: `/api/record-revisions/${top() + oldRecordRows.length + 100}/`,
      headers: headers.moderator,
    });
    expect(never.statusCode).toBe(404);
  });

  it('lists both families apart, newest first, and counts what waits', async () => {
    const persons = await app.inject({ url: '/api/revisions/', headers: headers.moderator });
    expect(persons.json<{ results: Revision[] }>().results.map((r) => r.id)).toEqual(
      oldPersonRows.map((row) => row.id).reverse(),
    );
    const records = await app.inject({
      url: '/api/record-revisions/?record_type=place',
      headers: headers.moderator,
    });
    const places = oldRecordRows.filter((row) => row.record_type === 'place');
    const newest = top() + oldRecordRows.length + 1; // the place proposed after the migration
    expect(records.json<{ results: RecordRevision[] }>().results.map((r) => r.id)).toEqual([
      newest,
      ...places.map((row) => newIdOf(row.id)).reverse(),
    ]);
    const counts = await app.inject({ url: '/api/moderation/counts/', headers: headers.moderator });
    expect(counts.json<ModerationCounts>()).toMatchObject({ proposals: 2, records: 3 });
  });

  it('rejects, reverts and accepts through the old URLs', async () => {
    const rejected = await app.inject({
      method: 'POST',
      url: '/api/record-revisions/7/reject/',
      headers: headers.moderator,
      payload: { comment: 'Жок' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<RecordRevision>()).toMatchObject({ id: newIdOf(7), status: 'rejected' });

    const reverted = await app.inject({
      method: 'POST',
      url: '/api/record-revisions/2/revert/',
      headers: headers.moderator,
    });
    expect(reverted.statusCode, reverted.body).toBe(201);
    expect(reverted.json<RecordRevision>()).toMatchObject({
      record_id: ids.place,
      revert_of: newIdOf(2),
      after: { name: 'Эски Талас' },
    });
    const place = await app.inject({ url: `/api/places/${ids.place}/` });
    expect(place.json<{ name: string }>().name).toBe('Эски Талас');

    const accepted = await app.inject({
      method: 'POST',
      url: '/api/revisions/2/accept/',
      headers: headers.moderator,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Revision>()).toMatchObject({ id: 2, status: 'applied' });
    const person = await app.inject({ url: `/api/persons/${ids.person}/` });
    expect(person.json<{ birth_year: number | null }>().birth_year).toBe(1850);

    // An old record revision's id is no person revision's (there were six).
    const again = await app.inject({
      method: 'POST',
      url: '/api/revisions/7/accept/',
      headers: headers.moderator,
    });
    expect(again.statusCode).toBe(404);
  });
});
