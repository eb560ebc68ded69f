import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchSiteRoute } from '@bagysh/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { survivorOf } from '../genealogy/person-merge';
import { errorMessages } from '../lib/http-errors';
import { injectHead, pageHead } from './seo.meta';
import { robotsTxt, sitemapIndex, sitemapPages, sitemapPersons } from './seo.service';

export interface WebOptions {
  /** The built web app (`apps/web/dist`). */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Per route id, the files its first paint needs beyond the entry (written by the web build). */
type FirstPaint = Record<string, string[]>;

function readFirstPaint(distDir: string): FirstPaint {
  const path = join(distDir, '.vite', 'first-paint.json');
  if (!existsSync(path)) return {};
  return (JSON.parse(readFileSync(path, 'utf8')) as { pages?: FirstPaint }).pages ?? {};
}

/**
 * index.html naming the scripts of the page a path opens in a `page-scripts` meta tag: the
 * entry (apps/web/src/main.tsx) preloads them all at once in its first frame, after the shell
 * has painted, instead of one after another (route chunk, then its lazy parts, then the data).
 */
function withPreloads(html: string, path: string, firstPaint: FirstPaint): string {
  const id = matchSiteRoute(path)?.id;
  const scripts = (id ? firstPaint[id] : undefined)?.filter((file) => file.endsWith('.js'));
  if (!scripts?.length) return html;
  return html.replace(
    '</head>',
    `<meta name="page-scripts" content="${scripts.join(' ')}"></head>`,
  );
}

/**
 * Serves the built single-page app: hashed files under /assets/ cache for a year and go out
 * precompressed (brotli or gzip); `index.html` is revalidated on every visit and compressed
 * per response by @fastify/compress (its title, meta and preloads are written per path); and
 * every other non-/api/ GET falls back to `index.html` so client routes (docs/product.md, Routes)
 * survive a reload or a shared link.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    const indexPath = join(options.distDir, 'index.html');
    const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
    const firstPaint = readFirstPaint(options.distDir);
    if (indexHtml === undefined) {
      app.log.warn(`web app not built: ${indexPath} is missing (run "npm run build")`);
    } else {
      await app.register(fastifyStatic, {
        root: options.distDir,
        index: false,
        wildcard: true,
        // dist/.vite/ holds the build's notes (manifest, first-paint.json), not the site.
        dotfiles: 'ignore',
        // The build writes a .br and a .gz beside every text file (apps/web/vite.config.ts):
        // sent as they are, by Accept-Encoding, with no compression work per request.
        preCompressed: true,
        // Cache-Control is ours (setHeaders); the plugin's own would override it.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.startsWith(join(options.distDir, 'assets'));
          res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=3600');
          // The plugin picks the .br/.gz by Accept-Encoding but does not say so to caches.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    const sendIndex = async (reply: FastifyReply, url: string) => {
      // A merged-away person's page moves for good to the survivor's (person-merge.ts).
      const merged = /^\/persons\/(\d{1,9})$/.exec(url.split('?')[0] ?? '');
      const survivor = merged ? await survivorOf(app.db, Number(merged[1])) : undefined;
      if (survivor !== undefined) return reply.redirect(`/persons/${survivor}`, 301);
      if (indexHtml === undefined) {
        return reply.code(503).type('text/plain; charset=utf-8').send('Web app not built.');
      }
      // The page's title, description, canonical URL and preview tags, before any script
      // runs; an unknown path or a missing person, article or news item is a 404 with the
      // page, which then shows its not-found view.
      const mark = url.indexOf('?');
      const path = mark < 0 ? url : url.slice(0, mark);
      const query = new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
      const head = await pageHead(app.db, app.config.publicUrl, path, query);
      const html = withPreloads(
        injectHead(indexHtml, head, app.config.publicUrl),
        path,
        firstPaint,
      );
      return reply
        .code(head.status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    const origin = app.config.publicUrl;
    const xml = (reply: FastifyReply, body: string) =>
      reply.header('Cache-Control', 'public, max-age=3600').type('application/xml').send(body);
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(robotsTxt(origin)),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      xml(reply, await sitemapIndex(app.db, origin)),
    );
    app.get<{ Params: { name: string } }>(
      '/sitemaps/:name',
      { schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        if (name === 'pages.xml') return xml(reply, await sitemapPages(app.db, origin));
        const n = Number(/^persons-(\d{1,6})\.xml$/.exec(name)?.[1]);
        if (!Number.isInteger(n) || n < 1) {
          return reply.code(404).send({ detail: errorMessages.notFound });
        }
        return xml(reply, await sitemapPersons(app.db, origin, n));
      },
    );

    // A directory request: the static handler would refuse it with 403.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(reply, request.url));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (path === '/api' || path.startsWith('/api/') || !isPage || path.startsWith('/assets/')) {
        return reply.code(404).send({ detail: errorMessages.notFound });
      }
      return sendIndex(reply, request.url);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
