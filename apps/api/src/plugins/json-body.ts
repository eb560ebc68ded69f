import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The JSON body parser, which reads an empty body as no body. The web client sends
 * `Content-Type: application/json` on every request, bodiless GET, DELETE and POST included
 * (docs/product.md, Token refresh); Fastify's own parser answers those 400. A body that is
 * there is parsed as before: the same proto and constructor poisoning checks, the same size
 * limit.
 */
async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    void parse(request, text, done);
  });
}

export const jsonBodyPlugin = fp(jsonBody, { name: 'json-body' });
