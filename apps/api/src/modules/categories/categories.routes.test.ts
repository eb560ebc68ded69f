import type { Category } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { posts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { slugify } from './slug';

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

type Json = Record<string, unknown>;

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: Json,
) {
  const response = await app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json<Json>() : null };
}

async function createCategory(payload: Json): Promise<Category> {
  const { status, body } = await call('POST', '/api/categories/', moderator, payload);
  expect(status).toBe(201);
  return body as unknown as Category;
}

describe('slugify', () => {
  it('transliterates Kyrgyz Cyrillic', () => {
    expect(slugify('Белгилүү баатырлар')).toBe('belgiluu-baatyrlar');
    expect(slugify('Жаңылыктар, 2024!')).toBe('jangylyktar-2024');
    expect(slugify('Өмүр жана Йошкар-Ёлка')).toBe('omur-jana-yoshkar-yolka');
    expect(slugify('!!!')).toBe('');
  });
});

describe('categories: permissions', () => {
  it('lets guests list them (to filter articles and news), signed-in users read one', async () => {
    const category = await createCategory({ name: 'Окуу', kind: 'file' });
    const news = await createCategory({ name: 'Жарыялар', kind: 'news' });
    const guestList = await call('GET', '/api/categories/?kind=news&page_size=100', null);
    expect(guestList.status).toBe(200);
    const guestResults = guestList.body?.results as Category[];
    expect(guestResults.map((item) => item.id)).toContain(news.id);
    expect(guestResults.every((item) => item.kind === 'news')).toBe(true);
    expect((await call('GET', `/api/categories/${category.id}/`, null)).status).toBe(401);
    expect((await call('GET', '/api/categories/', member)).status).toBe(200);
    const one = await call('GET', `/api/categories/${category.id}/`, member);
    expect(one.body).toMatchObject({ id: category.id, name: 'Окуу', kind: 'file' });
  });

  it('lets moderators and admins manage, not members or guests', async () => {
    const category = await createCategory({ name: 'Тарых', kind: 'article' });
    for (const [user, status] of [
      [null, 401],
      [member, 403],
    ] as const) {
      expect(
        (await call('POST', '/api/categories/', user, { name: 'X', kind: 'news' })).status,
      ).toBe(status);
      expect(
        (await call('PATCH', `/api/categories/${category.id}/`, user, { name: 'Y' })).status,
      ).toBe(status);
      expect((await call('DELETE', `/api/categories/${category.id}/`, user)).status).toBe(status);
    }
    const renamed = await call('PATCH', `/api/categories/${category.id}/`, admin, {
      name: 'Уруу тарыхы',
      description: 'Тарыхый макалалар',
    });
    expect(renamed.status).toBe(200);
    // The slug stays: links that use it keep working.
    expect(renamed.body).toMatchObject({
      name: 'Уруу тарыхы',
      slug: 'taryh',
      description: 'Тарыхый макалалар',
    });
    expect((await call('DELETE', `/api/categories/${category.id}/`, admin)).status).toBe(204);
    expect((await call('GET', `/api/categories/${category.id}/`, admin)).status).toBe(404);
  });
});

describe('categories: slugs and validation', () => {
  it('makes a unique slug from the name', async () => {
    const first = await createCategory({ name: 'Белгилүү адамдар', kind: 'article' });
    const second = await createCategory({ name: 'Белгилүү  адамдар!', kind: 'news' });
    expect(first.slug).toBe('belgiluu-adamdar');
    expect(second.slug).toBe('belgiluu-adamdar-2');
    const symbols = await createCategory({ name: '★★★', kind: 'news' });
    expect(symbols.slug).toMatch(/^category(-\d+)?$/);
  });

  it('refuses a slug that is taken or malformed, and a missing name or kind', async () => {
    await createCategory({ name: 'Ырлар', slug: 'yrlar', kind: 'article' });
    const taken = await call('POST', '/api/categories/', moderator, {
      name: 'Башка',
      slug: 'YRLAR',
      kind: 'news',
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ slug: ['Мындай slug мурунтан бар.'] });
    const malformed = await call('POST', '/api/categories/', moderator, {
      name: 'Башка',
      slug: 'жок слаг',
      kind: 'news',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toHaveProperty('slug');
    const empty = await call('POST', '/api/categories/', moderator, { name: '  ', kind: 'song' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body ?? {}).sort()).toEqual(['kind', 'name']);
  });

  it('lists by name and filters by kind, with pagination', async () => {
    const list = await call('GET', '/api/categories/?kind=news&page_size=100', member);
    const results = list.body?.results as Category[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((category) => category.kind === 'news')).toBe(true);
    const paged = await call('GET', '/api/categories/?page_size=1', member);
    expect(paged.body?.count).toBeGreaterThan(1);
    expect(paged.body?.next).toEqual(expect.stringContaining('page=2'));
  });
});

describe('categories: deleting one in use', () => {
  async function articleIn(categoryId: number, kind: 'person-articles' | 'news') {
    const { status, body } = await call('POST', `/api/${kind}/`, moderator, {
      title: 'Материал',
      category_id: categoryId,
    });
    expect(status).toBe(201);
    return body?.id as number;
  }

  it('refuses with a message naming how many items use it, then moves them to none when asked', async () => {
    const category = await createCategory({ name: 'Колдонулган', kind: 'article' });
    const first = await articleIn(category.id, 'person-articles');
    await articleIn(category.id, 'person-articles');

    const refused = await call('DELETE', `/api/categories/${category.id}/`, moderator);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail:
        'Категорияны өчүрүүгө болбойт: ал 2 макалада колдонулат. ' +
        'Өчүрүү үчүн аларды категориясыз калтырууга макул болуңуз.',
    });
    expect((await call('GET', `/api/categories/${category.id}/`, member)).status).toBe(200);

    const moved = await call('DELETE', `/api/categories/${category.id}/?move_to_none=1`, moderator);
    expect(moved.status).toBe(204);
    expect((await call('GET', `/api/categories/${category.id}/`, member)).status).toBe(404);
    const article = await call('GET', `/api/person-articles/${first}/`, null);
    expect(article.body).toMatchObject({ category_id: null, category: null });
    const left = await app.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.categoryId, category.id));
    expect(left).toEqual([]);
  });

  it('counts each kind of item in the message', async () => {
    const category = await createCategory({ name: 'Аралаш', kind: 'news' });
    await articleIn(category.id, 'news');
    // An item of another kind can only get there if the category's kind changed while empty;
    // insert one directly to see both counts named.
    await app.db.insert(posts).values({ kind: 'article', title: 'X', categoryId: category.id });
    const refused = await call('DELETE', `/api/categories/${category.id}/`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body?.detail).toContain('1 макалада жана 1 жаңылыкта колдонулат');
  });

  it('refuses to change the kind of a category in use', async () => {
    const category = await createCategory({ name: 'Түрү', kind: 'news' });
    await articleIn(category.id, 'news');
    const refused = await call('PATCH', `/api/categories/${category.id}/`, moderator, {
      kind: 'article',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: 'Колдонулуп жаткан категориянын түрүн өзгөртүүгө болбойт.',
    });
  });
});
