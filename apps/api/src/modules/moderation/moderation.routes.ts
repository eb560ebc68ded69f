import { ModerationCountsSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEverything } from '../../genealogy/stewards';
import { currentUser, requireUser } from '../../plugins/auth';
import { moderationCounts, stewardCounts } from './moderation.service';

/**
 * One moderation queue: what waits, for the moderation page and the navigation's badge. Staff
 * see everything; a branch steward their branches' proposals; other members get 403.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/moderation/counts/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['moderation'],
        security: [{ bearer: [] }],
        summary:
          'How many proposals (persons; places, sources, notes), articles and news items wait ' +
          '(a branch steward: the proposals of their branches)',
        response: { 200: ModerationCountsSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return reviewsEverything(user) ? moderationCounts(app.db) : stewardCounts(app.db, user);
    },
  );
};
