import { ModerationCountsSchema } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';

let app: App;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
});

async function counts(user: TestUser | null) {
  const response = await app.inject({
    url: '/api/moderation/counts/',
    headers: user ? user.headers : {},
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function post(user: TestUser, url: string, payload: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url, headers: user.headers, payload });
  return { status: response.statusCode, body: response.json<{ id: number }>() };
}

describe('GET /api/moderation/counts/', () => {
  it('is for moderators and admins only', async () => {
    expect((await counts(null)).status).toBe(401);
    const refused = await counts(member);
    expect(refused.status).toBe(403);
    expect(typeof refused.body.detail).toBe('string');
    expect((await counts(admin)).status).toBe(200);
  });

  it('counts the person and record proposals, articles, news and "Бул мен" requests that wait, and nothing else', async () => {
    const empty = await counts(moderator);
    expect(empty.status).toBe(200);
    expect(ModerationCountsSchema.parse(empty.body)).toEqual({
      proposals: 0,
      records: 0,
      articles: 0,
      news: 0,
      person_claims: 0,
      total: 0,
      tree_checks: {
        parent_age: 0,
        death_before_birth: 0,
        living_too_old: 0,
        future_date: 0,
        isolated: 0,
        duplicate_children: 0,
      },
    });

    // A member's person and article wait; a moderator's published ones and a draft do not.
    expect((await post(member, '/api/persons/', { name: 'Сунушталган Адам' })).status).toBe(202);
    const added = await post(moderator, '/api/persons/', { name: 'Кошулган Адам' });
    expect(added.status).toBe(201);
    // A member's place waits too; a moderator's is applied.
    expect((await post(member, '/api/places/', { name: 'Сунушталган жер' })).status).toBe(202);
    expect((await post(moderator, '/api/places/', { name: 'Кошулган жер' })).status).toBe(201);
    const article = { title: 'Мүчөнүн макаласы', lead: 'Кыскача' };
    expect((await post(member, '/api/person-articles/', article)).status).toBe(201);
    expect((await post(member, '/api/person-articles/', article)).status).toBe(201);
    const draft = { ...article, status: 'draft' };
    expect((await post(member, '/api/person-articles/', draft)).status).toBe(201);
    expect((await post(moderator, '/api/person-articles/', article)).status).toBe(201);
    const news = { title: 'Жаңылык', lead: 'Кыскача' };
    expect((await post(moderator, '/api/news/', { ...news, status: 'pending' })).status).toBe(201);
    expect((await post(moderator, '/api/news/', news)).status).toBe(201);
    // A member's "Бул мен" request waits.
    const claim = { person_id: added.body.id, note: 'Бул мен, атам айткан.' };
    expect((await post(member, '/api/person-claims/', claim)).status).toBe(201);

    // The moderator's person stands alone in the tree: a tree check, not counted as waiting.
    expect((await counts(moderator)).body).toEqual({
      proposals: 1,
      records: 1,
      articles: 2,
      news: 1,
      person_claims: 1,
      total: 6,
      tree_checks: expect.objectContaining({ isolated: 1, parent_age: 0 }) as unknown,
    });
  });

  it('is documented in the OpenAPI document', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, unknown> }>().paths;
    expect(Object.keys(paths)).toContain('/api/moderation/counts/');
  });
});
