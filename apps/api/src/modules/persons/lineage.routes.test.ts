import type { Person } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { mulberry32 } from '../../lib/random';

let app: App;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
});

interface Row {
  id: number;
  father_id: number | null;
  path: number[];
  depth: number;
  name_key: string;
  father_name_key: string | null;
  descendant_count: number;
}

/**
 * Every stored path must be exactly the walk up the father links, and every descendant count
 * the number of persons below in the father line.
 */
async function expectLineageConsistent() {
  const rows = await queryRows<Row>(
    app.db,
    sql`select id, father_id, path, depth, name_key, father_name_key, descendant_count
        from persons`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const below = new Map<number, number>();
  for (const row of rows) {
    const walk: number[] = [];
    let father = row.father_id;
    while (father !== null) {
      walk.unshift(father);
      father = byId.get(father)?.father_id ?? null;
      expect(walk.length).toBeLessThan(rows.length + 1);
    }
    expect(row.path, `path of ${row.id}`).toEqual(walk);
    for (const ancestor of walk) below.set(ancestor, (below.get(ancestor) ?? 0) + 1);
    expect(row.depth).toBe(walk.length);
    const fatherRow = row.father_id === null ? undefined : byId.get(row.father_id);
    expect(row.father_name_key).toBe(fatherRow?.name_key ?? null);
  }
  for (const row of rows) {
    expect(row.descendant_count, `descendants of ${row.id}`).toBe(below.get(row.id) ?? 0);
  }
  return rows;
}

describe('lineage under random operations (property test)', () => {
  it('keeps every path equal to the walk up the father links', async () => {
    const seed = 20240605;
    const rand = mulberry32(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const names = ['Асан', 'Үсөн', 'Төлөк', 'Бакай', 'Өмүр', 'Чыңгыз', 'Жаңыл', 'Эрмек'];
    const ids: number[] = [];
    const counts = { create: 0, move: 0, cycle: 0, delete: 0, refused: 0, rename: 0 };

    for (let step = 0; step < 160; step++) {
      const roll = rand();
      if (ids.length < 5 || roll < 0.45) {
        const father = ids.length > 0 && rand() < 0.85 ? pick(ids) : null;
        const response = await app.inject({
          method: 'POST',
          url: '/api/persons/',
          headers: moderator.headers,
          payload: { name: `${pick(names)} ${step}`, sex: 'M', father_id: father },
        });
        expect(response.statusCode, `step ${step} (seed ${seed})`).toBe(201);
        ids.push(response.json<Person>().id);
        counts.create += 1;
      } else if (roll < 0.75) {
        const id = pick(ids);
        const father = rand() < 0.1 ? null : pick(ids);
        const person = (await app.inject({ url: `/api/persons/${id}/` })).json<Person>();
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/persons/${id}/`,
          headers: moderator.headers,
          payload: { father_id: father, version: person.version },
        });
        // A move under oneself or one's own descendant must be refused, nothing else.
        const [row] = await queryRows<{ path: number[] }>(
          app.db,
          sql`select path from persons where id = ${father ?? 0}`,
        );
        const wouldLoop = father !== null && (father === id || (row?.path.includes(id) ?? false));
        expect(response.statusCode, `step ${step} (seed ${seed})`).toBe(wouldLoop ? 409 : 200);
        counts[wouldLoop ? 'cycle' : 'move'] += 1;
      } else if (roll < 0.85) {
        const id = pick(ids);
        const person = (await app.inject({ url: `/api/persons/${id}/` })).json<Person>();
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/persons/${id}/`,
          headers: moderator.headers,
          payload: { name: `${pick(names)} ${step}`, version: person.version },
        });
        expect(response.statusCode).toBe(200);
        counts.rename += 1;
      } else {
        const id = pick(ids);
        const target = pick(ids);
        const response = await app.inject({
          method: 'DELETE',
          url: `/api/persons/${id}/?reparent_children_to=${target}`,
          headers: moderator.headers,
        });
        expect([204, 409], `step ${step} (seed ${seed})`).toContain(response.statusCode);
        if (response.statusCode === 204) {
          ids.splice(ids.indexOf(id), 1);
          counts.delete += 1;
        } else {
          counts.refused += 1;
        }
      }
      if (step % 40 === 39) await expectLineageConsistent();
    }

    const rows = await expectLineageConsistent();
    expect(rows.length).toBe(ids.length);
    // The run must have exercised every kind of operation.
    for (const [kind, count] of Object.entries(counts)) expect(count, kind).toBeGreaterThan(0);
    // About 400 requests in a row: more than the usual 20 s when CI runs every suite at once.
  }, 90_000);
});
