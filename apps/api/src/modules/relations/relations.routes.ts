import { RelationsQuery, RelationsResponseSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../genealogy/privacy';
import { findRelations } from '../../genealogy/relations';

/** `GET /relations/?a=&b=&max=`: every way B is related to A, ranked and named in Kyrgyz. */
export const relationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/relations/',
    {
      schema: {
        tags: ['persons'],
        summary: 'Every relation between A and B by blood and marriage, with paths and terms',
        querystring: RelationsQuery,
        response: { 200: RelationsResponseSchema },
      },
    },
    async (request) => {
      const { a, b, max } = request.query;
      return findRelations(app.db, a, b, viewerOf(request), max);
    },
  );
};
