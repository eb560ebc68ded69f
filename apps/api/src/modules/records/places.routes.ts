import {
  PlaceDeleteQuery,
  PlaceInput,
  PlacePatchInput,
  PlaceSchema,
  PlacesListQuery,
  PlacesPageSchema,
  RecordIdParams,
  RecordRevisionSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireUser } from '../../plugins/auth';
import { viewerOf } from '../../genealogy/privacy';
import { submitProposal } from '../../genealogy/proposals/proposals';
import { RECORD_PROPOSAL_KINDS } from '../../genealogy/proposals/record-kinds';
import { sendSubmitted } from './submitted-reply';
import { getPlace, listPlaces } from '../../genealogy/records/places';

const tags = ['places'];
const security = [{ bearer: [] }];

/**
 * Places: anyone reads them; a moderator's change applies at once, a member's is a
 * proposal (202 with the pending revision).
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places/',
    {
      schema: {
        tags,
        summary: 'Places by name (q: folded, typo-tolerant, other names too) or parent',
        querystring: PlacesListQuery,
        response: { 200: PlacesPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listPlaces(app.db, request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/places/:id/',
    {
      schema: {
        tags,
        summary: 'One place with its parents, full name and how many events use it',
        params: RecordIdParams,
        response: { 200: PlaceSchema },
      },
    },
    async (request) => getPlace(app.db, request.params.id, viewerOf(request)),
  );

  app.post(
    '/places/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a place (a member proposes: 202 with the pending revision)',
        body: PlaceInput,
        response: { 201: PlaceSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.place, {
        action: 'create',
        fields: request.body,
      });
      return sendSubmitted(reply, app.db, user, result, 201, (id) =>
        getPlace(app.db, id, viewerOf(request)),
      );
    },
  );

  app.patch(
    '/places/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change a place (a member proposes: 202)',
        params: RecordIdParams,
        body: PlacePatchInput,
        response: { 200: PlaceSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.place, {
        action: 'update',
        id: request.params.id,
        changes: request.body,
      });
      return sendSubmitted(reply, app.db, user, result, 200, (id) =>
        getPlace(app.db, id, viewerOf(request)),
      );
    },
  );

  app.delete(
    '/places/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Delete a place: refused (409) while events, sources or places use it, unless ' +
          '`replace_with` merges it into another place (a member proposes: 202)',
        params: RecordIdParams,
        querystring: PlaceDeleteQuery,
        response: { 202: RecordRevisionSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const options =
        request.query.replace_with === undefined
          ? {}
          : { replace_with: request.query.replace_with };
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.place, {
        action: 'delete',
        id: request.params.id,
        options,
      });
      return sendSubmitted(reply, app.db, user, result, 204);
    },
  );
};
