import {
  ListRecordRevisionsQuery,
  RecordIdParams,
  RecordRevisionListSchema,
  RecordRevisionSchema,
  AcceptInput,
  ProposalConflictsErrorSchema,
  RejectInput,
  ReviewInput,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';
import {
  acceptProposal,
  rejectProposal,
  revertProposal,
} from '../../genealogy/proposals/proposals';
import { getRecordRevision, listRecordRevisions } from '../../genealogy/proposals/record-revisions';

const tags = ['record-revisions'];
const security = [{ bearer: [] }];

/**
 * Moderation of places, sources and shared notes, as `/revisions/` is of persons (one engine,
 * one table). A revision's id from before that table still finds it.
 */
export const recordRevisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/record-revisions/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Revisions of places, sources and notes, newest first (a member: their own)',
        querystring: ListRecordRevisionsQuery,
        response: { 200: RecordRevisionListSchema },
      },
    },
    async (request) => {
      const result = await listRecordRevisions(app.db, request.query, currentUser(request));
      return paginated(request, request.query, result.count, result.results);
    },
  );

  app.get(
    '/record-revisions/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One revision of a place, source or note (a member: only their own)',
        params: RecordIdParams,
        response: { 200: RecordRevisionSchema },
      },
    },
    async (request) => getRecordRevision(app.db, request.params.id, currentUser(request)),
  );

  app.post(
    '/record-revisions/:id/accept/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Apply a pending proposal field by field against the record as it is now. Fields ' +
          'changed since answer 409 with `conflicts` ({field, before, proposed, current}); ' +
          'the next call settles each with `resolutions` {field: "proposed" | "current"}',
        params: RecordIdParams,
        body: AcceptInput.nullish(),
        response: {
          200: RecordRevisionSchema,
          409: ProposalConflictsErrorSchema.partial({ conflicts: true }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await acceptProposal(
        app.db,
        user,
        'record',
        request.params.id,
        request.body?.comment,
        request.body?.resolutions,
      );
      return getRecordRevision(app.db, id, user);
    },
  );

  app.post(
    '/record-revisions/:id/reject/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Turn a pending proposal down with a comment',
        params: RecordIdParams,
        body: RejectInput,
        response: { 200: RecordRevisionSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await rejectProposal(
        app.db,
        user,
        'record',
        request.params.id,
        request.body.comment,
      );
      return getRecordRevision(app.db, id, user);
    },
  );

  app.post(
    '/record-revisions/:id/revert/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Undo an applied revision; answers the new revision that undoes it',
        params: RecordIdParams,
        body: ReviewInput.nullish(),
        response: { 201: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await revertProposal(
        app.db,
        user,
        'record',
        request.params.id,
        request.body?.comment,
      );
      return reply.code(201).send(await getRecordRevision(app.db, id, user));
    },
  );
};
