import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Query parameters that carry credentials (signed download links): logged as `[redacted]`. */
const SECRET_PARAMS = new Set(['signature', 'token', 'access_token', 'refresh_token', 'password']);

/** Load balancers and monitors ask this every few seconds; their lines would drown the rest. */
const QUIET_PATHS = new Set(['/api/health/', '/api/health']);

/** The request's path and query, with the values of credential parameters replaced. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  let redacted = false;
  for (const key of new Set(query.keys())) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      query.set(key, '[redacted]');
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, at)}?${query.toString()}` : url;
}

/**
 * One `info` line per answered request (docs/operations.md, Logs) in place of Fastify's two:
 * method, path and query, status, time, size and the request id — never a body, a header or
 * a cookie. Health checks are not logged. Failures are logged where they happen (the error
 * handler logs a 500 with its stack at `error`).
 */
export const requestLogPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      if (QUIET_PATHS.has(request.url.split('?', 1)[0] ?? '')) return;
      const length = Number(reply.getHeader('content-length'));
      request.log.info(
        {
          method: request.method,
          url: loggedUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          bytes: Number.isFinite(length) ? length : undefined,
          ip: request.ip,
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
