import { SearchQuery, SearchResponseSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../genealogy/privacy';
import { searchPersons } from './search.service';

/** `GET /search/?q=`: typo-tolerant "name father grandfather" search of the tree. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/',
    {
      schema: {
        tags: ['persons'],
        summary: 'Name search: folds ң/н, ө/о, ү/у, case and Latin; one typo per name',
        querystring: SearchQuery,
        response: { 200: SearchResponseSchema },
      },
    },
    async (request) => ({
      results: await searchPersons(app.db, request.query, viewerOf(request)),
    }),
  );
};
