import {
  clanMessages,
  type Clan,
  type ClanDetail,
  type CreateClanInput,
  type UpdateClanInput,
} from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { clans } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { subtreeCondition } from '../../genealogy/person-rows';
import { invalidateTreeCaches } from '../../genealogy/tree-cache';
import { personsTable } from '../../genealogy/person-table';

/**
 * Clans (уруу → урук). A clan is anchored at its founder; its parent is the clan of the
 * founder's nearest founding ancestor, so moving a founder in the tree moves the clan in the
 * hierarchy too. Clans are few (hundreds at most): the hierarchy is worked out in memory.
 */

interface ClanRow {
  id: number;
  name: string;
  description: string | null;
  founder_id: number;
  founder_name: string;
  founder_path: number[];
}

async function allClans(db: Db): Promise<ClanRow[]> {
  return queryRows<ClanRow>(
    db,
    sql`select c.id, c.name, c.description, f.id as founder_id, f.name as founder_name,
          f.path as founder_path
        from clans c join ${personsTable} f on f.id = c.founder_id
        order by f.depth, c.name collate "und-x-icu", c.id`,
  );
}

/** Each clan with its parent: the clan of the founder's nearest founding ancestor. */
function withParents(rows: ClanRow[]): Clan[] {
  const byFounder = new Map(rows.map((row) => [row.founder_id, row]));
  return rows.map((row) => {
    let parent: ClanRow | undefined;
    for (let i = row.founder_path.length - 1; i >= 0 && !parent; i--) {
      parent = byFounder.get(row.founder_path[i] ?? 0);
    }
    return {
      id: row.id,
      name: row.name,
      kind: parent ? 'uruk' : 'uruu',
      founder: { id: row.founder_id, name: row.founder_name },
      parent: parent ? { id: parent.id, name: parent.name } : null,
      description: row.description,
    };
  });
}

export async function listClans(
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: Clan[] }> {
  const all = withParents(await allClans(db));
  return { count: all.length, results: all.slice((page - 1) * pageSize, page * pageSize) };
}

export async function getClan(db: Db, id: number): Promise<ClanDetail> {
  const rows = await allClans(db);
  const all = withParents(rows);
  const clan = all.find((c) => c.id === id);
  const row = rows.find((r) => r.id === id);
  if (!clan || !row) throw notFound();
  const [members] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${personsTable} p
        where ${subtreeCondition([...row.founder_path, row.founder_id])}`,
  );
  return {
    ...clan,
    member_count: 1 + (members?.count ?? 0),
    sub_clans: all.filter((c) => c.parent?.id === id),
  };
}

async function checkFounder(db: Db, founderId: number, clanId?: number): Promise<void> {
  const [person] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${personsTable} where id = ${founderId}`,
  );
  if (!person) throw fieldError('founder_id', clanMessages.founderNotFound);
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`select id from clans where founder_id = ${founderId}`,
  );
  if (taken && taken.id !== clanId) throw conflict(clanMessages.founderTaken);
}

export async function createClan(
  db: Db,
  user: CurrentUser,
  input: CreateClanInput,
): Promise<number> {
  await checkFounder(db, input.founder_id);
  const [row] = await db
    .insert(clans)
    .values({
      name: input.name,
      founderId: input.founder_id,
      description: input.description,
      createdById: user.id,
    })
    .returning({ id: clans.id });
  if (!row) throw new Error('clan insert returned nothing');
  invalidateTreeCaches();
  return row.id;
}

export async function updateClan(db: Db, id: number, input: UpdateClanInput): Promise<void> {
  const [existing] = await db.select({ id: clans.id }).from(clans).where(eq(clans.id, id));
  if (!existing) throw notFound();
  if (input.founder_id !== undefined) await checkFounder(db, input.founder_id, id);
  await db
    .update(clans)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.founder_id !== undefined && { founderId: input.founder_id }),
      ...(input.description !== undefined && { description: input.description }),
      updatedAt: new Date(),
    })
    .where(eq(clans.id, id));
  invalidateTreeCaches();
}

export async function deleteClan(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(clans).where(eq(clans.id, id)).returning({ id: clans.id });
  if (deleted.length === 0) throw notFound();
  invalidateTreeCaches();
}
