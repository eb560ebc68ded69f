import {
  DuplicateListQuery,
  DuplicateListSchema,
  DuplicatePairInput,
  DuplicateRefreshInput,
  DuplicateRunSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireRole } from '../../plugins/auth';
import { listDuplicatePairs, markNotSame, undoNotSame } from '../../genealogy/duplicates/pairs';
import { viewerOf } from '../../genealogy/privacy';
import { DuplicateJobs } from './duplicates.service';

const tags = ['duplicates'];
const security = [{ bearer: [] }];
const staffOnly = requireRole('moderator');

/**
 * The duplicate finder (moderators and admins): candidate pairs from the background job's
 * table, "not the same person" marks, and a run on demand. Static paths under /persons/, which
 * Fastify matches before /persons/:id/.
 */
export const duplicatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = new DuplicateJobs(app.database, app.log);
  await jobs.start();
  app.addHook('onClose', async () => jobs.stop());

  app.get(
    '/persons/duplicates/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Likely duplicate persons, best first, with the reasons and the job state',
        querystring: DuplicateListQuery,
        response: { 200: DuplicateListSchema },
      },
    },
    async (request) => {
      await jobs.keepFresh();
      const { count, results } = await listDuplicatePairs(app.db, viewerOf(request), request.query);
      return { ...paginated(request, request.query, count, results), run: await jobs.state() };
    },
  );

  app.post(
    '/persons/duplicates/not-same/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: '"Not the same person": the pair is never listed again',
        body: DuplicatePairInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markNotSame(app.db, request.body.a, request.body.b, currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/persons/duplicates/not-same/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Take "not the same person" back: the pair is scored again',
        body: DuplicatePairInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await undoNotSame(app.db, request.body.a, request.body.b);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/persons/duplicates/refresh/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Queue a run: the persons written since the last one, or a full rebuild',
        body: DuplicateRefreshInput.optional(),
        response: { 202: DuplicateRunSchema },
      },
    },
    async (request, reply) => {
      const run = await jobs.request(request.body?.full ?? false, currentUser(request).id);
      return reply.code(202).send(run);
    },
  );
};
