import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { posts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { escapeHtml } from './content.meta';

let app: App;
let moderator: TestUser;
let coverId: number;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bagysh-meta-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="ky"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Сайттын жалпы сүрөттөмөсү">' +
      '<title>Багыш санжырасы</title></head><body><div id="root"></div></body></html>',
  );
  app = await createTestApp({ webDistDir: dist, publicUrl: 'http://bagysh.example' });
  moderator = await createTestUser(app, { role: 'moderator' });
  coverId = await createTestFileRow(app, moderator.id);
});

// The Host header is the client's to choose: links must come from PUBLIC_URL all the same.
async function page(url: string, status = 200, host = 'evil.example') {
  const response = await app.inject({ url, headers: { host } });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
}

/** The content attribute of a meta tag, decoded, or undefined when the tag is missing. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function write(kind: 'person-articles' | 'news', payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${kind}/`,
    headers: moderator.headers,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('meta tags of shared links', () => {
  it('gives a published article its title, description and absolute cover image', async () => {
    const id = await write('person-articles', {
      title: 'Белгилүү акын',
      lead: 'Акындын өмүрү жана чыгармалары.',
      body: '<p>Текст</p>',
      cover_file_id: coverId,
    });
    const html = await page(`/person-articles/${id}`);
    expect(html).toContain('<title>Белгилүү акын - Багыш санжырасы</title>');
    expect(metaContent(html, 'description')).toBe('Акындын өмүрү жана чыгармалары.');
    expect(metaContent(html, 'og:title')).toBe('Белгилүү акын');
    expect(metaContent(html, 'og:description')).toBe('Акындын өмүрү жана чыгармалары.');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toBe(
      `http://bagysh.example/api/files/${coverId}/download/`,
    );
    expect(metaContent(html, 'og:url')).toBe(`http://bagysh.example/person-articles/${id}`);
    // The site-wide description gave way to the article's.
    expect(html).not.toContain('Сайттын жалпы сүрөттөмөсү');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('uses the text of the body when there is no lead, and no image without a cover', async () => {
    const id = await write('news', {
      title: 'Жыйын',
      body: `<h2>Жыйын</h2><p>${'сөз '.repeat(100)}</p>`,
    });
    const html = await page(`/news/${id}/`);
    const description = metaContent(html, 'description') ?? '';
    expect(description.startsWith('Жыйын сөз сөз')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(metaContent(html, 'og:type')).toBe('article');
  });

  it('escapes a title with markup and quotes so it cannot break out of the tags', async () => {
    // Titles are stored as plain text, so a literal "<" can reach the page through the API…
    const viaApi = await write('news', {
      title: `Тест "кош" 'жалгыз' 1 < 2 & 3 > 2`,
      lead: `"></title><script>alert(1)</script>`,
    });
    const apiHtml = await page(`/news/${viaApi}`);
    expect(apiHtml).toContain(
      '<title>Тест &quot;кош&quot; &#39;жалгыз&#39; 1 &lt; 2 &amp; 3 &gt; 2 - Багыш санжырасы</title>',
    );
    // …and rows written by other means must be just as safe.
    const [row] = await app.db
      .insert(posts)
      .values({
        kind: 'article',
        title: '<script>alert("x")</script>\'"><img src=x onerror=alert(1)>',
        lead: '</title><script>alert(2)</script>',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning({ id: posts.id });
    const html = await page(`/person-articles/${row?.id}`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      `<title>${escapeHtml('<script>alert("x")</script>\'"><img src=x onerror=alert(1)>')} - Багыш санжырасы</title>`,
    );
    expect(metaContent(html, 'og:title')).toBe(
      '<script>alert("x")</script>\'"><img src=x onerror=alert(1)>',
    );
    expect(metaContent(html, 'description')).toBe('</title><script>alert(2)</script>');
  });

  it('never reflects the Host or X-Forwarded-Host header into the absolute URLs', async () => {
    const id = await write('news', { title: 'Хост', cover_file_id: coverId });
    const html = await page(`/news/${id}`, 200, 'evil"><script>x</script>');
    expect(html).not.toContain('<script>x');
    const forwarded = await app.inject({
      url: `/news/${id}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(forwarded.body).not.toContain('evil');
    expect(metaContent(forwarded.body, 'og:url')).toBe(`http://bagysh.example/news/${id}`);
  });

  it('gives unpublished items, unknown ids and other pages the plain page', async () => {
    const draft = await write('person-articles', { title: 'Долбоор', status: 'draft' });
    const news = await write('news', { title: 'Жаңылык' });
    // Missing to a guest: 404, with the page (which shows its not-found view).
    for (const [url, status] of [
      [`/person-articles/${draft}`, 404],
      ['/person-articles/999999', 404],
      [`/person-articles/${news}`, 404],
      ['/person-articles/add', 200],
      [`/person-articles/edit/${draft}`, 200],
      ['/about', 200],
    ] as const) {
      const html = await page(url, status);
      expect(metaContent(html, 'og:title'), url).toBeUndefined();
      expect(html).not.toContain('Долбоор');
    }
  });
});
