import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

export const busyMessages = {
  busy: 'Сервер азыр бош эмес. Бир нече секунддан кийин кайра аракет кылыңыз.',
} as const;

/** What a refused request is told to wait, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The embedded database's bounded queue (docs/operations.md, The embedded database under load).
 * PGlite answers one query at a time, so under a burst every API request waits behind all the
 * others. When `limit` API requests are already being served, a new one is refused at once with
 * 503 and `Retry-After` rather than queued for many seconds. `/api/health/` is neither counted
 * nor refused; on PostgreSQL, whose pool serves many at once, nothing is.
 */
export const busyGuardPlugin = fp<{ limit: number }>(
  async (app, { limit }) => {
    if (app.database.kind !== 'pglite') return;
    const serving = new Set<FastifyRequest>();
    const done = async (request: FastifyRequest) => {
      serving.delete(request);
    };
    app.addHook('onRequest', async (request) => {
      const path = request.url;
      if (!path.startsWith('/api/') || path.startsWith('/api/health/')) return;
      if (serving.size >= limit) {
        throw new HttpError(503, busyMessages.busy, {
          'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        });
      }
      serving.add(request);
    });
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
  },
  { name: 'busy-guard', dependencies: ['db'] },
);
