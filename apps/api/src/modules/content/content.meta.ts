import { fileDownloadPath, pageTitle, SITE_NAME } from '@bagysh/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, type PostKind } from '../../db/schema';
import { plainText, truncateText } from '../../lib/sanitize-html';

/** What a shared link's preview shows. */
export interface PageMeta {
  title: string;
  description: string;
  /** A path on this site (`/api/files/3/download/`), made absolute when rendered. */
  image: string | null;
}

const DESCRIPTION_MAX = 200;
const ITEM_PATH = /^\/(person-articles|news)\/(\d{1,9})\/?$/;
const KINDS: Record<string, PostKind> = { 'person-articles': 'article', news: 'news' };

/**
 * The meta tags of a public article or news page (`/person-articles/{id}`, `/news/{id}`), or
 * null for any other path or an item that is not published.
 */
export async function renderMeta(url: string, db: Db): Promise<PageMeta | null> {
  const match = ITEM_PATH.exec(url.split('?')[0] ?? '');
  const kind = match?.[1] ? KINDS[match[1]] : undefined;
  if (!match || !kind) return null;
  const [row] = await db
    .select({
      title: posts.title,
      lead: posts.lead,
      body: posts.body,
      coverFileId: posts.coverFileId,
    })
    .from(posts)
    .where(
      and(eq(posts.id, Number(match[2])), eq(posts.kind, kind), eq(posts.status, 'published')),
    );
  if (!row) return null;
  return {
    title: row.title,
    description: truncateText(row.lead || plainText(row.body), DESCRIPTION_MAX),
    image: row.coverFileId === null ? null : fileDownloadPath(row.coverFileId),
  };
}

/** Text made safe inside an HTML element or a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Tags of index.html that the item's own replace (a default description, Open Graph tags).
const REPLACED_TAGS =
  /\s*<meta\s+(?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>/gi;

/**
 * index.html with the item's `<title>`, description, Open Graph and Twitter card tags, every
 * value escaped; `origin` (PUBLIC_URL, never the Host header) makes the URLs absolute, as
 * crawlers require.
 */
export function injectMeta(html: string, meta: PageMeta, origin: string, path: string): string {
  const title = pageTitle(meta.title);
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', `${origin}${path}`],
  ];
  if (meta.image) {
    tags.push(['property', 'og:image', `${origin}${meta.image}`]);
    tags.push(['name', 'twitter:card', 'summary_large_image']);
  } else {
    tags.push(['name', 'twitter:card', 'summary']);
  }
  const metaHtml = tags
    .map(([attr, name, value]) => `<meta ${attr}="${name}" content="${escapeHtml(value)}">`)
    .join('\n    ');

  const head = html.replace(REPLACED_TAGS, '');
  const titled = /<title>[\s\S]*?<\/title>/i.test(head)
    ? head.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    : head.replace(/<\/head>/i, () => `<title>${escapeHtml(title)}</title></head>`);
  return titled.replace(/<\/head>/i, () => `    ${metaHtml}\n  </head>`);
}

/**
 * `html` (the SPA's index.html) with the meta tags of the published article or news item at
 * `path`, or unchanged for any other page. A failed lookup only costs the preview: the page
 * is still served, and the failure logged.
 */
export async function withItemMeta(
  html: string,
  path: string,
  origin: string,
  db: Db,
  log: { warn: (details: object, message: string) => void },
): Promise<string> {
  try {
    const meta = await renderMeta(path, db);
    return meta ? injectMeta(html, meta, origin, path) : html;
  } catch (error) {
    log.warn({ err: error, path }, 'meta tags of a shared link failed');
    return html;
  }
}
