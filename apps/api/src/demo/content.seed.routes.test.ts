import type { ArticleSummary, FoundersPage, NewsSummary } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { loadDemoDataOnce } from './seed';
import { createTestApp } from '../test/app';
import { createTestUser } from '../test/factories';
import { SAMPLE_PREFIX } from './content.seed';

async function list<T>(app: App, url: string): Promise<T[]> {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.json<{ results: T[] }>().results;
}

describe('demonstration content', () => {
  it('publishes sample articles and news by the first admin, labelled as samples', async () => {
    const app = await createTestApp();
    const admin = await createTestUser(app, { role: 'admin' });
    expect(await loadDemoDataOnce(app.db)).toBe(true);

    const articles = await list<ArticleSummary>(app, '/api/person-articles/');
    const news = await list<NewsSummary>(app, '/api/news/?page_size=3');
    expect(articles).toHaveLength(2);
    expect(news).toHaveLength(2);
    for (const item of [...articles, ...news]) {
      expect(item.title.startsWith(SAMPLE_PREFIX)).toBe(true);
      expect(item.status).toBe('published');
      expect(item.author?.id).toBe(admin.id);
      expect(item.category).not.toBeNull();
    }
    const opened = await app.inject({ url: `/api/news/${news[0]?.id}/` });
    expect(opened.json<{ body: string }>().body).toContain('үлгү (демо) текст');

    const founders = (await app.inject({ url: '/api/pages/founders/' })).json<FoundersPage>();
    expect(founders.founders.length).toBeGreaterThan(0);
    expect(founders.body).toContain('үлгү (демо) текст');
    const contacts = await app.inject({ url: '/api/pages/contacts/' });
    expect(contacts.json<{ address: string }>().address).toContain('Үлгү');

    // Loaded once: a second start adds nothing.
    expect(await loadDemoDataOnce(app.db)).toBe(false);
    expect(await list(app, '/api/news/?page_size=100')).toHaveLength(2);
  });

  it('without an admin, loads the pages and categories but no authored items', async () => {
    const app = await createTestApp();
    expect(await loadDemoDataOnce(app.db)).toBe(true);
    expect(await list(app, '/api/person-articles/')).toEqual([]);
    expect(await list(app, '/api/news/')).toEqual([]);
    const about = (await app.inject({ url: '/api/pages/about/' })).json<{ body: string }>();
    expect(about.body).toContain('үлгү (демо) текст');
  });
});
