import { TreeStatsSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { treeStats } from './stats.service';

/** `GET /stats/`: persons, generations, clans, living and historical counts. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats/',
    {
      schema: {
        tags: ['persons'],
        summary: 'Figures of the tree for the home page',
        response: { 200: TreeStatsSchema },
      },
    },
    async () => treeStats(app.db),
  );
};
