import type {
  CalendarMonth,
  ClanList,
  Comparison,
  Person,
  SearchResponse,
  TreeStats,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { queryRows } from '../db/client';
import { createTestApp } from '../test/app';
import { DEMO_FIRST_COUSINS, DEMO_ROOT_ID, seedGenealogy } from './persons.seed';

let app: App;
let loadMs = 0;

beforeAll(async () => {
  app = await createTestApp();
  const started = performance.now();
  await app.db.transaction((tx) => seedGenealogy(tx));
  loadMs = performance.now() - started;
});

describe('the demonstration tree', () => {
  it('loads fast, a few hundred persons over 15+ generations with clans', async () => {
    // About 0.4–0.8 s on PGlite here; the bound is loose because test files run side by side.
    expect(loadMs).toBeLessThan(10_000);
    const stats = (await app.inject({ url: '/api/stats/' })).json<TreeStats>();
    expect(stats.persons).toBeGreaterThanOrEqual(300);
    expect(stats.persons).toBeLessThan(600);
    expect(stats.generations).toBeGreaterThanOrEqual(15);
    expect(stats.clans).toBeGreaterThanOrEqual(5);
    expect(stats.living).toBeGreaterThan(0);
    expect(stats.historical).toBeGreaterThan(stats.living);
  });

  it('is labelled as sample data and uses names with ң ө ү', async () => {
    const root = (await app.inject({ url: `/api/persons/${DEMO_ROOT_ID}/` })).json<Person>();
    expect(root.name).toBe('Багыш');
    expect(root.biography).toContain('Үлгү маалымат');
    const clans = (await app.inject({ url: '/api/clans/' })).json<ClanList>();
    expect(clans.results.every((clan) => clan.name.includes('(үлгү)'))).toBe(true);
    expect(clans.results.some((clan) => clan.kind === 'uruk')).toBe(true);
    const names = await queryRows<{ name: string }>(app.db, sql`select name from persons`);
    for (const letter of ['ң', 'ө', 'ү']) {
      expect(
        names.some((row) => row.name.includes(letter)),
        letter,
      ).toBe(true);
    }
  });

  it('gives the calendar of memorial days anniversaries in every month', async () => {
    for (let month = 1; month <= 12; month++) {
      const key = `2026-${String(month).padStart(2, '0')}`;
      const calendar = (
        await app.inject({ url: `/api/calendar/?month=${key}` })
      ).json<CalendarMonth>();
      expect(calendar.results.length, key).toBeGreaterThan(0);
    }
  });

  it('has mothers and spouses, and lineage paths and descendant counts that match the father links', async () => {
    const [facts] = await queryRows<{
      mothers: number;
      unions: number;
      bad: number;
      miscounted: number;
    }>(
      app.db,
      sql`select (select count(*)::int from persons where mother_id is not null) as mothers,
                 (select count(*)::int from unions) as unions,
                 (select count(*)::int from persons p left join persons f on f.id = p.father_id
                  where p.path <> case when f.id is null then '{}'::int[]
                                       else f.path || f.id end) as bad,
                 (select count(*)::int from persons p
                  where p.descendant_count <>
                    (select count(*) from persons d where p.id = any(d.path))) as miscounted`,
    );
    expect(facts?.mothers).toBeGreaterThan(20);
    expect(facts?.unions).toBeGreaterThan(10);
    expect(facts?.bad).toBe(0);
    expect(facts?.miscounted).toBe(0);
  });

  it('contains the documented first cousins (аталаш бир тууган)', async () => {
    const response = await app.inject({
      url: `/api/comparison/?a=${DEMO_FIRST_COUSINS.a}&b=${DEMO_FIRST_COUSINS.b}`,
    });
    const result = response.json<Comparison>();
    expect(result).toMatchObject({
      a: { name: 'Өскөн' },
      b: { name: 'Үркүнбай' },
      common_ancestor: { id: 2, name: 'Жору' },
      term: 'аталаш бир тууган',
      jeti_ata: true,
    });
    const search = await app.inject({ url: '/api/search/?q=Өскөн Байтик' });
    expect(search.json<SearchResponse>().results[0]?.id).toBe(DEMO_FIRST_COUSINS.a);
  });
});
