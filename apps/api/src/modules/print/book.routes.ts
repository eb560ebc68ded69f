import { createHash } from 'node:crypto';
import { BookQuery, PersonIdParams } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../files/file-names';
import { viewerOf } from '../../genealogy/privacy';
import { cachedAggregate } from '../../genealogy/tree-cache';
import { etagMatches } from '../../lib/etag';
import { withRenderSlot } from '../../print/render-slots';
import { BOOK_WORDS, fill } from './book-words';
import { renderBook, type Book } from './book';

const tags = ['print'];

/** A strong tag of the bytes. */
const etagOf = (bytes: Buffer) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

/**
 * `GET /api/persons/{id}/book.pdf`: the printed book of a person's descendants
 * (docs/features.md, Printing). The ETag is the hash of the bytes, remembered per person,
 * query, reader's view and day until the tree changes (tree-cache.ts), so a repeated download
 * of an unchanged book answers 304 without laying it out again.
 */
export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/persons/:id/book.pdf',
    {
      schema: {
        tags,
        summary:
          'The book (PDF): the descendants one chapter per generation, with notes, contents and an index of names; living persons as the reader may see them',
        params: PersonIdParams,
        querystring: BookQuery,
        response: { 200: z.any(), 304: z.void() },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const today = new Date();
      const { generations, script } = request.query;
      const key = `book:${JSON.stringify([request.params.id, generations, script, viewer.seesLiving, today.toISOString().slice(0, 10)])}`;
      let book: Book | undefined;
      const render = () =>
        withRenderSlot(() =>
          renderBook(app.db, {
            id: request.params.id,
            query: request.query,
            viewer,
            publicUrl: app.config.publicUrl,
            today,
          }),
        );
      const known = await cachedAggregate(app.db, key, async () => {
        book = await render();
        return etagOf(book.bytes);
      });
      reply.header('cache-control', 'private, no-cache');
      if (!book && etagMatches(request.headers['if-none-match'], known)) {
        return reply.header('etag', known).code(304).send();
      }
      // Remembered but not what the reader has: laid out again (another process may have
      // changed the tree within the cache's 30 s), and tagged by what is sent.
      book ??= await render();
      const etag = etagOf(book.bytes);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.header('etag', etag).code(304).send();
      }
      return reply
        .header('etag', etag)
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition('attachment', fill(BOOK_WORDS.fileName, { name: book.name })),
        )
        .send(book.bytes);
    },
  );
};
