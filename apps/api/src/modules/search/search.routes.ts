import {
  SearchEverythingQuery,
  SearchEverythingResponseSchema,
  SearchQuery,
  SearchResponseSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../genealogy/privacy';
import { searchEverything } from './search-everything.service';
import { searchPersons } from './search.service';

/**
 * `GET /search/?q=`: typo-tolerant "name father grandfather" search of the tree;
 * `GET /search/everything/?q=&kind=&page=`: words in notes, sources, articles and news too.
 */
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
  app.get(
    '/search/everything/',
    {
      schema: {
        tags: ['persons'],
        summary:
          'Search of persons, notes, sources, articles and news: folded words, one typo; grouped by kind, paged per kind',
        querystring: SearchEverythingQuery,
        response: { 200: SearchEverythingResponseSchema },
      },
    },
    async (request) => searchEverything(app.db, request.query, viewerOf(request)),
  );
};
