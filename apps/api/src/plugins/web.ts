import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { titleForPath } from '@bagysh/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '../lib/http-errors';
import { withItemMeta } from '../modules/content/content.meta';

export interface WebOptions {
  /** The built web app (`apps/web/dist`). */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** index.html with the tab title of the route a path opens, so it shows before any script runs. */
function withTitle(html: string, path: string): string {
  return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(titleForPath(path))}</title>`);
}

/**
 * Serves the built single-page app: hashed files under /assets/ cache for a year,
 * `index.html` is never cached, and every other non-/api/ GET falls back to
 * `index.html` so client routes (spec §2) survive a reload or a shared link.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    const indexPath = join(options.distDir, 'index.html');
    const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
    if (indexHtml === undefined) {
      app.log.warn(`web app not built: ${indexPath} is missing (run "npm run build")`);
    } else {
      await app.register(fastifyStatic, {
        root: options.distDir,
        index: false,
        wildcard: true,
        // Cache-Control is ours (setHeaders); the plugin's own would override it.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.startsWith(join(options.distDir, 'assets'));
          res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=3600');
        },
      });
    }

    const sendIndex = async (reply: FastifyReply, path: string, request?: FastifyRequest) => {
      if (indexHtml === undefined) {
        return reply.code(503).type('text/plain; charset=utf-8').send('Web app not built.');
      }
      let html = withTitle(indexHtml, path);
      // A shared article or news link carries its own title and preview (issue 7).
      if (request) {
        html = await withItemMeta(html, path, app.config.publicUrl, app.db, request.log);
      }
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };

    // A directory request: the static handler would refuse it with 403.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, '/'));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (path === '/api' || path.startsWith('/api/') || !isPage || path.startsWith('/assets/')) {
        return reply.code(404).send({ detail: errorMessages.notFound });
      }
      return sendIndex(reply, path, request);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
