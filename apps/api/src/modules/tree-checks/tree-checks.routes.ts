import {
  PageQuerySchema,
  TreeCheckKindParamsSchema,
  TreeCheckPageSchema,
  TreeCheckSummarySchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth';
import { paginated } from '../../lib/pagination';
import { treeCheckPage, treeCheckSummary } from './tree-checks.service';

const tags = ['tree-checks'];
const security = [{ bearer: [] }];

/** The tree checks (docs/features.md, Tree checks): likely errors, for moderators and admins. */
export const treeChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tree-checks/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'How many likely errors of each kind the tree holds',
        response: { 200: TreeCheckSummarySchema },
      },
    },
    async () => treeCheckSummary(app.db),
  );

  app.get(
    '/tree-checks/:kind/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: "One page of a kind's likely errors, each with its persons, values and fix",
        params: TreeCheckKindParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: TreeCheckPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await treeCheckPage(app.db, request.params.kind, request.query);
      return paginated(request, request.query, count, results);
    },
  );
};
