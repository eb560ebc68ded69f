import { ModerationCountsSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth';
import { moderationCounts } from './moderation.service';

/** One moderation queue: what waits, for the moderation page and the navigation's badge. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/moderation/counts/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags: ['moderation'],
        security: [{ bearer: [] }],
        summary:
          'How many proposals (persons; places, sources, notes), articles and news items wait',
        response: { 200: ModerationCountsSchema },
      },
    },
    async () => moderationCounts(app.db),
  );
};
