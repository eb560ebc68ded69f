import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import type { TestUser } from '../../test/factories';

/** Helpers of the places, sources and notes tests. */

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  body: Json;
}

export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: unknown,
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return {
    status: response.statusCode,
    body: response.body ? response.json<Json>() : {},
  };
}

/** An event row of a person or a union, at a place: the events API is another helper's. */
export async function insertEvent(
  app: App,
  owner: { personId?: number; unionId?: number },
  placeId: number | null,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into events (person_id, union_id, type, place_id)
        values (${owner.personId ?? null}, ${owner.unionId ?? null},
          ${owner.unionId === undefined ? 'birth' : 'marriage'}, ${placeId})
        returning id`,
  );
  if (!row) throw new Error('event insert returned nothing');
  return row.id;
}

export async function insertUnion(app: App, a: number, b: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into unions (person1_id, person2_id)
        values (${Math.min(a, b)}, ${Math.max(a, b)}) returning id`,
  );
  if (!row) throw new Error('union insert returned nothing');
  return row.id;
}

/** A citation of `sourceId` or a note link of `noteId`, on exactly one target. */
export async function insertLink(
  app: App,
  table: 'citations' | 'note_links',
  ownerId: number,
  target: { person?: number; event?: number; union?: number },
): Promise<void> {
  const owner = table === 'citations' ? sql.raw('source_id') : sql.raw('note_id');
  await app.db.execute(
    sql`insert into ${sql.raw(table)} (${owner}, person_id, event_id, union_id)
        values (${ownerId}, ${target.person ?? null}, ${target.event ?? null},
          ${target.union ?? null})`,
  );
}

export async function moderationCounts(app: App, moderator: TestUser): Promise<Json> {
  return (await call(app, 'GET', '/api/moderation/counts/', moderator)).body;
}

export async function openApiPaths(app: App): Promise<string[]> {
  const response = await app.inject({ url: '/api/docs/json' });
  return Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
}
