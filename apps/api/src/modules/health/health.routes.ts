import { HealthSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers once the database responds',
        response: { 200: HealthSchema },
      },
    },
    async () => {
      await app.database.ping();
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
