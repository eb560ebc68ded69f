import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { MIGRATIONS_DIR } from '../lib/paths';
import { createTestApp } from '../test/app';
import { createTestUser, type TestUser } from '../test/factories';
import { queryRows } from '../db/client';
import { DemoDataInUseError, loadDemoDataOnce, removeDemoData, wantsDemoData } from './seed';

let app: App;
let admin: TestUser;

/** How many rows of each demo-marked table there are, demo and not. */
async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    app.db,
    sql`select
      (select count(*)::int from persons where is_demo) as demo_persons,
      (select count(*)::int from persons where not is_demo) as persons,
      (select count(*)::int from clans where is_demo) as demo_clans,
      (select count(*)::int from clans where not is_demo) as clans,
      (select count(*)::int from posts where is_demo) as demo_posts,
      (select count(*)::int from posts where not is_demo) as posts,
      (select count(*)::int from polls where is_demo) as demo_polls,
      (select count(*)::int from polls where not is_demo) as polls,
      (select count(*)::int from unions) as unions,
      (select count(*)::int from proposals where kind = 'person') as revisions`,
  );
  return row!;
}

async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: admin.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json<{ id: number; version: number }>() : null;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
  expect(await loadDemoDataOnce(app.db)).toBe(true);
});

describe('DEMO_DATA', () => {
  it('loads into a brand-new embedded database only when auto; always when true; never when false', () => {
    expect(wantsDemoData('auto', 'pglite', true)).toBe(true);
    expect(wantsDemoData('auto', 'pglite', false)).toBe(false);
    expect(wantsDemoData('auto', 'postgres', true)).toBe(false);
    expect(wantsDemoData('true', 'postgres', false)).toBe(true);
    expect(wantsDemoData('false', 'pglite', true)).toBe(false);
  });

  it('marks every demonstration row', async () => {
    expect(await counts()).toMatchObject({
      demo_persons: 351,
      persons: 0,
      demo_clans: 7,
      clans: 0,
      demo_posts: 4,
      posts: 0,
      demo_polls: 1,
      polls: 0,
    });
  });

  it('marks the demonstration rows of a database that got them before the marker existed', async () => {
    await app.db.execute(sql`update persons set is_demo = false`);
    await app.db.execute(sql`update clans set is_demo = false`);
    await app.db.execute(sql`update posts set is_demo = false`);
    await app.db.execute(sql`update polls set is_demo = false`);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0015_demo-marker.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--.*\n)*\s*UPDATE/.test(statement)) await app.db.execute(sql.raw(statement));
    }
    expect(await counts()).toMatchObject({
      demo_persons: 351,
      persons: 0,
      demo_clans: 7,
      demo_posts: 4,
      demo_polls: 1,
    });
  });
});

describe('removeDemoData (npm run demo:remove)', () => {
  let own: { id: number; version: number };
  let child: { id: number; version: number };
  let article: { id: number };
  let poll: { id: number };

  beforeAll(async () => {
    // What the site's users add: their own tree, an article, a poll; and an edit of a demo person.
    own = (await call('POST', '/api/persons/', { name: 'Өз атабыз', sex: 'M' }))!;
    article = (await call('POST', '/api/person-articles/', {
      title: 'Чыныгы макала',
      lead: 'Өзүбүздүн',
      body: '<p>Текст</p>',
      person_id: own.id,
      status: 'published',
    }))!;
    poll = (await call('POST', '/api/polls/', {
      question: 'Чыныгы сурамжылоо?',
      options: ['Ооба', 'Жок'],
    }))!;
    const root = (await app.inject({ url: '/api/persons/2/', headers: admin.headers })).json<{
      version: number;
    }>();
    await call('PATCH', '/api/persons/2/', { birth_place: 'Нарын', version: root.version });
  });

  it('refuses, removing nothing, while a person users added has a demonstration father', async () => {
    child = (await call('POST', '/api/persons/', { name: 'Уулу', sex: 'M', father_id: 5 }))!;
    const before = await counts();
    const attempt = removeDemoData(app.db);
    await expect(attempt).rejects.toBeInstanceOf(DemoDataInUseError);
    await expect(attempt).rejects.toThrow(
      new RegExp(`person ${child.id} "Уулу" has the demonstration person 5 as father or mother`),
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses while a clan users added is founded by a demonstration person', async () => {
    await call('DELETE', `/api/persons/${child.id}/`);
    const clan = (await call('POST', '/api/clans/', { name: 'Өз уругубуз', founder_id: 6 }))!;
    await expect(removeDemoData(app.db)).rejects.toThrow(
      /clan \d+ "Өз уругубуз" is founded by the demonstration person 6/,
    );
    await call('DELETE', `/api/clans/${clan.id}/`);
  });

  it('removes every demonstration row and keeps what users added', async () => {
    const demoKeys = (
      await queryRows<{ key: string }>(
        app.db,
        sql`select distinct name_key as key from persons where is_demo`,
      )
    ).map((row) => row.key);
    const removed = await removeDemoData(app.db);
    expect(removed).toMatchObject({ persons: 351, clans: 7, posts: 4, polls: 1 });
    expect(removed.revisions).toBeGreaterThanOrEqual(1);
    const after = await counts();
    expect(after).toMatchObject({
      demo_persons: 0,
      demo_clans: 0,
      demo_posts: 0,
      demo_polls: 0,
      unions: 0,
    });
    // The user's own rows, and their history, are all there.
    expect(after.persons).toBe(1);
    expect(after.posts).toBe(1);
    expect(after.polls).toBe(1);
    const [history] = await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from proposals where kind = 'person' and record_id = ${own.id}`,
    );
    expect(history!.count).toBeGreaterThanOrEqual(1);
    for (const url of [
      `/api/persons/${own.id}/`,
      `/api/person-articles/${article.id}/`,
      `/api/polls/${poll.id}/`,
    ]) {
      const response = await app.inject({ url, headers: admin.headers });
      expect(response.statusCode, url).toBe(200);
    }
    expect((await app.inject({ url: '/api/persons/1/', headers: admin.headers })).statusCode).toBe(
      404,
    );
    // The name dictionary keeps no name that only demonstration persons had.
    const stale = await queryRows<{ key: string }>(
      app.db,
      sql`select key from name_keys where key not in (select name_key from persons)`,
    );
    expect(demoKeys.length).toBeGreaterThan(10);
    expect(stale.map((row) => row.key).filter((key) => demoKeys.includes(key))).toEqual([]);
  });

  it('finds nothing the second time, and the demo does not come back', async () => {
    const before = await counts();
    expect(await removeDemoData(app.db)).toEqual({
      persons: 0,
      clans: 0,
      posts: 0,
      polls: 0,
      revisions: 0,
    });
    expect(await counts()).toEqual(before);
    expect(await loadDemoDataOnce(app.db)).toBe(false);
  });
});
