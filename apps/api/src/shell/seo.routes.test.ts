import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { posts } from '../db/schema';
import { createTestApp } from '../test/app';
import { createTestUser } from '../test/factories';
import { addPerson } from '../modules/persons/persons.factories';

function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bagysh-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Б</title><div id="root"></div>');
  return dir;
}

let app: App;
let dead: number;
let living: number;
let article: number;
let draft: number;

beforeAll(async () => {
  app = await createTestApp({ webDistDir: makeWebDist(), publicUrl: 'https://bagysh.example' });
  const moderator = await createTestUser(app, { role: 'moderator' });
  dead = (await addPerson(app, moderator, { name: 'Өткөн', birth_year: 1850, death_year: 1910 }))
    .id;
  living = (await addPerson(app, moderator, { name: 'Тирүү', birth_year: 1990 })).id;
  const rows = await app.db
    .insert(posts)
    .values([
      { kind: 'article', title: 'Жарыяланган', status: 'published' },
      { kind: 'article', title: 'Каралууда', status: 'pending' },
    ])
    .returning({ id: posts.id });
  article = rows[0]?.id ?? 0;
  draft = rows[1]?.id ?? 0;
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('page statuses', () => {
  it('answers 404 with the page for an unknown path or a missing item, 200 for the rest', async () => {
    for (const [url, status] of [
      ['/search', 200],
      ['/persons', 200],
      [`/persons/${dead}`, 200],
      [`/persons/${living}`, 200],
      ['/persons/999999', 404],
      [`/person-articles/${article}`, 200],
      [`/person-articles/${draft}`, 404],
      [`/news/${article}`, 404],
      ['/news/99999', 404],
      ['/no/such/page', 404],
      ['/persons/12abc', 404],
    ] as const) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });
});

describe('robots and sitemaps', () => {
  it('serves robots.txt as text, naming the sitemap on PUBLIC_URL', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://bagysh.example/sitemap.xml');
  });

  it('lists public pages, published items and persons who are not living', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<loc>https://bagysh.example/sitemaps/pages.xml</loc>');
    expect(index.body).toContain('<loc>https://bagysh.example/sitemaps/persons-1.xml</loc>');

    const pages = (await get('/sitemaps/pages.xml')).body;
    expect(pages).toContain('<loc>https://bagysh.example/search</loc>');
    expect(pages).toContain(`<loc>https://bagysh.example/person-articles/${article}</loc>`);
    expect(pages).not.toContain(`/person-articles/${draft}<`);
    expect(pages).not.toContain('/users<');

    const persons = (await get('/sitemaps/persons-1.xml')).body;
    expect(persons).toContain(`<loc>https://bagysh.example/persons/${dead}</loc>`);
    expect(persons).not.toContain(`/persons/${living}<`);
    expect((await get('/sitemaps/persons-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  });
});
