import { PersonIdParams, PosterQuery, POSTER_LIMITS } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../files/file-names';
import { viewerOf } from '../../genealogy/privacy';
import { withRenderSlot } from '../../print/render-slots';
import { posterTag, posterWords, readPosterBranch, renderPoster } from './poster';

const tags = ['print'];

/** The printed day, as Kyrgyz readers write it ("2026-ж., 7-декабрь"). */
const dayFormat = new Intl.DateTimeFormat('ky', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Bishkek',
});

/**
 * The wall poster of a person's descendants as a PDF: a plain GET, so that it can be linked and
 * cached. The ETag covers everything printed on it (the branch as this reader sees it, the
 * query, the day), so a repeated download costs a read of the branch and a 304, not a render.
 */
export const posterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/persons/:id/poster.pdf',
    {
      schema: {
        tags,
        summary:
          `The wall poster (PDF) of the person's descendants to \`generations\` below ` +
          `(at most ${POSTER_LIMITS.maxPersons} persons), laid out as the descendant chart, on ` +
          'one sheet (A0, A1, A2, or custom `width_mm` × `height_mm`) or tiled onto A4/A3 ' +
          'sheets, in Cyrillic or runes; living persons as the reader may see them. Two renders ' +
          'at a time, a short queue, then 503 with Retry-After',
        params: PersonIdParams,
        querystring: PosterQuery,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const branch = await readPosterBranch(app.db, request.params.id, query, viewerOf(request));
      const link = `${app.config.publicUrl}/persons/${branch.root.id}`;
      const day = dayFormat.format(new Date());
      const etag = posterTag(branch, query, link, day);
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Authorization');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const poster = await withRenderSlot(() => renderPoster({ branch, query, link, day }));
      const name = `${posterWords.title(branch.root.name)} ${query.paper}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', name))
        .send(poster.bytes);
    },
  );
};
