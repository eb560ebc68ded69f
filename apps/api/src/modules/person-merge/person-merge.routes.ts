import { MergeInput, MergePreviewSchema, MergeQuery, MergeResultSchema } from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mergePreview } from '../../genealogy/person-merge-preview';
import { viewerOf } from '../../genealogy/privacy';
import { mergeKind } from '../../genealogy/proposals/merge-kind';
import { submitProposal } from '../../genealogy/proposals/proposals';
import { currentUser, requireUser } from '../../plugins/auth';

const tags = ['persons'];
const security = [{ bearer: [] }];

/**
 * Two persons merged into one (docs/genealogy.md, Merging persons): the side-by-side preview,
 * and the merge itself — a moderator's applies at once, a member's waits as a proposal. The
 * revert is `/api/revisions/{id}/revert/`.
 */
export const personMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/persons/merge/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Two persons side by side, with what a merge keeps and why it cannot be done',
        querystring: MergeQuery,
        response: { 200: MergePreviewSchema },
      },
    },
    async (request) => mergePreview(app.db, request.query.a, request.query.b, viewerOf(request)),
  );

  app.post(
    '/persons/merge/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Merge b into a at their versions (a member proposes: 202)',
        body: MergeInput,
        response: { 200: MergeResultSchema, 202: MergeResultSchema },
      },
    },
    async (request, reply) => {
      const result = await submitProposal(app.db, currentUser(request), mergeKind, {
        action: 'update',
        id: request.body.a,
        changes: request.body,
      });
      if (result.status === 'pending') {
        return reply.code(202).send({ status: 'pending', revision_id: result.revisionId });
      }
      return reply.code(200).send({
        status: 'applied',
        survivor_id: request.body.a,
        revision_id: result.revisionId ?? 0,
      });
    },
  );
};
