import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

export const busyMessages = {
  busy: 'Сервер азыр бош эмес. Бир нече секунддан кийин кайра аракет кылыңыз.',
} as const;

/** What a refused request is told to wait, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The embedded database's bounded queue (docs/operations.md, The embedded database under load).
 * PGlite answers one query at a time, so under a burst every request would wait behind all the
 * others. When `limit` queries already wait or run, a new API request is refused at once with
 * 503 and `Retry-After` rather than queued for many seconds. `/api/health/` is never refused, and
 * on PostgreSQL (no `pending`) nothing is.
 */
export const busyGuardPlugin = fp<{ limit: number }>(
  async (app, { limit }) => {
    const { database } = app;
    if (database.pending === undefined) return;
    const pending = () => database.pending?.() ?? 0;
    app.addHook('onRequest', async (request) => {
      const path = request.url;
      if (!path.startsWith('/api/') || path.startsWith('/api/health/')) return;
      if (pending() >= limit) {
        throw new HttpError(503, busyMessages.busy, {
          'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        });
      }
    });
  },
  { name: 'busy-guard', dependencies: ['db'] },
);
