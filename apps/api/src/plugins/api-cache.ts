import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Adds a token to the Vary header without losing what another hook put there. */
function addVary(reply: FastifyReply, token: string) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === token.toLowerCase())) values.push(token);
  reply.header('vary', values.join(', '));
}

/**
 * HTTP caching of the API's answers (registered inside `/api`): a weak ETag on every JSON
 * answer, so a repeated read with If-None-Match costs a 304 and no body; reads must be
 * revalidated (`no-cache`), and an answer to a signed-in request is `private`: a member's
 * view (living persons, drafts) may sit in the member's own browser cache, never in a shared
 * one. `Vary: Authorization` keeps a guest's and a member's answers apart in any cache.
 */
export const apiCachePlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(etag, { weak: true });
    app.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      addVary(reply, 'Authorization');
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (cacheControl === '') {
        reply.header(
          'cache-control',
          request.headers.authorization ? 'private, no-cache' : 'no-cache',
        );
      } else if (
        request.headers.authorization &&
        !/\b(private|public|no-store)\b/.test(cacheControl)
      ) {
        reply.header('cache-control', `private, ${cacheControl}`);
      }
    });
  },
  { name: 'api-cache' },
);
