import { TreeStatsSchema, TribeStatsSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../genealogy/privacy';
import { tribeStats } from '../../genealogy/tribe-stats';
import { treeStats } from './stats.service';

/**
 * `GET /stats/`: persons, generations, clans, living and historical counts.
 * `GET /stats/tribe/`: the statistics page of the tribe, shaped by the viewer's privacy rule.
 */
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

  app.get(
    '/stats/tribe/',
    {
      schema: {
        tags: ['persons'],
        summary: 'Statistics of the tribe: generations, clans, births, lifespans, names, families',
        description:
          'Counts only. A guest gets births, lifespans and names of the persons shown in full ' +
          '(living and restricted persons left out), and every cell of fewer than 5 persons ' +
          'that counts a living person merged with its neighbour or into the others.',
        response: { 200: TribeStatsSchema },
      },
    },
    async (request) => tribeStats(app.db, viewerOf(request)),
  );
};
