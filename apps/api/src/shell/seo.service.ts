import { SITE_ROUTES } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { hiddenCondition } from '../genealogy/privacy';
import { personsTable } from '../genealogy/person-table';

/** robots.txt and the sitemap; the head of each page is in seo.meta.ts. */

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_CHUNK = 50_000;

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function urlset(urls: { loc: string; lastmod?: string }[]): string {
  const body = urls
    .map(({ loc, lastmod }) =>
      lastmod
        ? `<url><loc>${xmlEscape(loc)}</loc><lastmod>${lastmod}</lastmod></url>`
        : `<url><loc>${xmlEscape(loc)}</loc></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * The sitemap index: the public pages, articles and news in one file, the persons in files of
 * at most 50 000 by id range (one primary-key range each, so a million persons cost what a
 * thousand do).
 */
export async function sitemapIndex(db: Db, origin: string): Promise<string> {
  const [row] = await queryRows<{ max: number | null }>(
    db,
    sql`select max(id)::int as max from ${personsTable}`,
  );
  const chunks = Math.ceil((row?.max ?? 0) / SITEMAP_CHUNK);
  const files = [`${origin}/sitemaps/pages.xml`];
  for (let n = 1; n <= chunks; n++) files.push(`${origin}/sitemaps/persons-${n}.xml`);
  const body = files.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * The public pages without parameters (not the blank-layout ones, which a mailed link opens),
 * and every published article and news item.
 */
export async function sitemapPages(db: Db, origin: string): Promise<string> {
  const pages = SITE_ROUTES.filter(
    (route) => route.access === 'public' && route.layout !== 'blank' && !route.path.includes(':'),
  );
  const posts = await queryRows<{ id: number; kind: 'article' | 'news'; updated: string }>(
    db,
    sql`select id, kind, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as updated
        from posts where status = 'published' order by id`,
  );
  return urlset([
    ...pages.map((route) => ({ loc: `${origin}${route.path === '/' ? '/' : route.path}` })),
    ...posts.map((post) => ({
      loc: `${origin}/${post.kind === 'article' ? 'person-articles' : 'news'}/${post.id}`,
      lastmod: post.updated,
    })),
  ]);
}

/**
 * Persons of the `n`-th id range (from 1). Living persons are left out: a guest sees only their
 * name, and a search engine is a guest that remembers.
 */
export async function sitemapPersons(db: Db, origin: string, n: number): Promise<string> {
  const rows = await queryRows<{ id: number; updated: string }>(
    db,
    sql`select p.id, to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD') as updated
        from ${personsTable} p
        where p.id > ${(n - 1) * SITEMAP_CHUNK} and p.id <= ${n * SITEMAP_CHUNK}
          and not ${hiddenCondition()}
        order by p.id`,
  );
  return urlset(rows.map((row) => ({ loc: `${origin}/persons/${row.id}`, lastmod: row.updated })));
}

/** robots.txt: everything but the API, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
