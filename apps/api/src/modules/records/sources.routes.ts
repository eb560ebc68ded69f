import {
  RecordIdParams,
  RecordRevisionSchema,
  SourceInput,
  SourcePatchInput,
  SourceSchema,
  SourcesListQuery,
  SourcesPageSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireUser } from '../../plugins/auth';
import { viewerOf } from '../../genealogy/privacy';
import { submitProposal } from '../../genealogy/proposals/proposals';
import { RECORD_PROPOSAL_KINDS } from '../../genealogy/proposals/record-kinds';
import { sendSubmitted } from './submitted-reply';
import { getSource, listSources } from '../../genealogy/records/sources';

const tags = ['sources'];
const security = [{ bearer: [] }];

/**
 * Sources, informants (айтуучу) included: anyone reads them; a moderator's change
 * applies at once, a member's is a proposal (202 with the pending revision).
 */
export const sourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sources/',
    {
      schema: {
        tags,
        summary: 'Sources by kind, or q in the title or the author',
        querystring: SourcesListQuery,
        response: { 200: SourcesPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listSources(app.db, request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/sources/:id/',
    {
      schema: {
        tags,
        summary: 'One source with how many citations of it (and their persons) the reader may see',
        params: RecordIdParams,
        response: { 200: SourceSchema },
      },
    },
    async (request) => getSource(app.db, request.params.id, viewerOf(request)),
  );

  app.post(
    '/sources/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a source (a member proposes: 202 with the pending revision)',
        body: SourceInput,
        response: { 201: SourceSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.source, {
        action: 'create',
        fields: request.body,
      });
      return sendSubmitted(reply, app.db, user, result, 201, (id) =>
        getSource(app.db, id, viewerOf(request)),
      );
    },
  );

  app.patch(
    '/sources/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change a source (a member proposes: 202)',
        params: RecordIdParams,
        body: SourcePatchInput,
        response: { 200: SourceSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.source, {
        action: 'update',
        id: request.params.id,
        changes: request.body,
      });
      return sendSubmitted(reply, app.db, user, result, 200, (id) =>
        getSource(app.db, id, viewerOf(request)),
      );
    },
  );

  app.delete(
    '/sources/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a source: refused (409) while it is cited (a member proposes: 202)',
        params: RecordIdParams,
        response: { 202: RecordRevisionSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.source, {
        action: 'delete',
        id: request.params.id,
        options: {},
      });
      return sendSubmitted(reply, app.db, user, result, 204);
    },
  );
};
