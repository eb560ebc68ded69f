import {
  ListRevisionsQuery,
  AcceptInput,
  ProposalConflictsErrorSchema,
  RejectInput,
  ReviewInput,
  RevisionIdParams,
  RevisionListSchema,
  RevisionSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';
import { paginated } from '../../lib/pagination';
import {
  acceptProposal,
  rejectProposal,
  revertProposal,
} from '../../genealogy/proposals/proposals';
import { getRevision, listRevisions } from '../../genealogy/proposals/person-revisions';

const tags = ['revisions'];
const security = [{ bearer: [] }];

/** Moderation of persons: their proposals wait here for a moderator (the person kind). */
export const revisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/revisions/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Revisions, newest first (a member sees only their own; `reviewable=1`: those the ' +
          'caller may review, a steward their branches)',
        querystring: ListRevisionsQuery,
        response: { 200: RevisionListSchema },
      },
    },
    async (request) => {
      const result = await listRevisions(app.db, request.query, currentUser(request));
      return paginated(request, request.query, result.count, result.results);
    },
  );

  app.get(
    '/revisions/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One revision (a member: only their own)',
        params: RevisionIdParams,
        response: { 200: RevisionSchema },
      },
    },
    async (request) => getRevision(app.db, request.params.id, currentUser(request)),
  );

  app.post(
    '/revisions/:id/accept/',
    {
      // Staff, or the steward of the proposal's branch: the engine checks (stewards.ts).
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Apply a pending proposal field by field against the record as it is now (staff, or ' +
          'the steward of its branch). Fields ' +
          'changed since answer 409 with `conflicts` ({field, before, proposed, current}); ' +
          'the next call settles each with `resolutions` {field: "proposed" | "current"}',
        params: RevisionIdParams,
        body: AcceptInput.nullish(),
        response: {
          200: RevisionSchema,
          409: ProposalConflictsErrorSchema.partial({ conflicts: true }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await acceptProposal(
        app.db,
        user,
        'person',
        request.params.id,
        request.body?.comment,
        request.body?.resolutions,
      );
      return getRevision(app.db, id, user);
    },
  );

  app.post(
    '/revisions/:id/reject/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn a pending proposal down with a comment (staff, or its branch steward)',
        params: RevisionIdParams,
        body: RejectInput,
        response: { 200: RevisionSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await rejectProposal(
        app.db,
        user,
        'person',
        request.params.id,
        request.body.comment,
      );
      return getRevision(app.db, id, user);
    },
  );

  app.post(
    '/revisions/:id/revert/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Undo an applied revision; answers the new revision that undoes it',
        params: RevisionIdParams,
        body: ReviewInput.nullish(),
        response: { 201: RevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await revertProposal(
        app.db,
        user,
        'person',
        request.params.id,
        request.body?.comment,
      );
      return reply.code(201).send(await getRevision(app.db, id, user));
    },
  );
};
