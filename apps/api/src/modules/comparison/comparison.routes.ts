import { ComparisonQuery, ComparisonSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../genealogy/privacy';
import { comparePersons } from './comparison.service';

/** `GET /comparison/?a=&b=`: the common ancestor, both chains and the Kyrgyz kinship term. */
export const comparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/comparison/',
    {
      schema: {
        tags: ['persons'],
        summary: 'How B is related to A: common ancestor, chains, kinship term, жети ата',
        querystring: ComparisonQuery,
        response: { 200: ComparisonSchema },
      },
    },
    async (request) => comparePersons(app.db, request.query.a, request.query.b, viewerOf(request)),
  );
};
