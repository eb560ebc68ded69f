import { join } from 'node:path';
import { HealthSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localMigrations } from '../../backup/backup-format';
import { checkHealth, type HealthContext } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipped = localMigrations();
  const ctx: HealthContext = {
    database: app.database,
    storageRoot: join(app.config.dataDir, 'files'),
    migrations: { count: shipped.length, latestWhen: shipped.at(-1)?.when ?? null },
    log: app.log,
    mail: app.mail,
  };

  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'The state of the database, the uploads folder and the mail queue',
        description:
          '200 when the database answers with the schema this server expects and the uploads ' +
          'folder takes a probe file; 503 with the same body when something is wrong.',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(ctx);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
