import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  hasRole,
  MyPersonClaimsSchema,
  PersonClaimIdParams,
  PersonClaimInput,
  PersonClaimListQuery,
  PersonClaimListSchema,
  PersonClaimRejectInput,
  PersonClaimSchema,
  PersonIdParams,
  RelationToMeSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveClaim,
  listClaims,
  myClaims,
  rejectClaim,
  relationToMe,
  requestClaim,
  unlinkClaim,
  withdrawClaim,
} from '../../genealogy/person-claims';
import { viewerOf } from '../../genealogy/privacy';
import { paginated } from '../../lib/pagination';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';

const tags = ['person-claims'];
const security = [{ bearer: [] }];
const errors = {
  400: BadRequestErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
  409: DetailErrorSchema,
};

/**
 * "Бул мен" (docs/features.md, This is me): a member asks to be linked to their person of the
 * tree, a moderator approves or rejects, the author may withdraw a waiting request, and a
 * linked member reads how any person is related to them. The logic is
 * genealogy/person-claims.ts; every rule is checked there, whatever the interface shows.
 */
export const personClaimsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/person-claims/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: '"This is me": ask to be linked to a person of the tree, with evidence',
        body: PersonClaimInput,
        response: { 201: PersonClaimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const claim = await requestClaim(app.db, user.id, request.body, viewerOf(request));
      return reply.code(201).send(claim);
    },
  );

  app.get(
    '/person-claims/mine/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The member's link, waiting request and latest rejection",
        response: { 200: MyPersonClaimsSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => myClaims(app.db, currentUser(request).id, viewerOf(request)),
  );

  app.get(
    '/person-claims/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Requests in one status (waiting by default), oldest first',
        querystring: PersonClaimListQuery,
        response: {
          200: PersonClaimListSchema,
          400: BadRequestErrorSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const { count, results } = await listClaims(app.db, viewerOf(request), request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.post(
    '/person-claims/:id/approve/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Approve a waiting request: the account is linked to the person',
        params: PersonClaimIdParams,
        response: { 200: PersonClaimSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const reviewer = { id: user.id, isAdmin: hasRole(user.role, 'admin') };
      return approveClaim(app.db, request.params.id, reviewer, viewerOf(request));
    },
  );

  app.post(
    '/person-claims/:id/reject/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Reject a waiting request, with an optional comment to its author',
        params: PersonClaimIdParams,
        body: PersonClaimRejectInput,
        response: { 200: PersonClaimSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const reviewer = { id: user.id, isAdmin: hasRole(user.role, 'admin') };
      const comment = request.body.comment;
      return rejectClaim(app.db, request.params.id, reviewer, comment, viewerOf(request));
    },
  );

  app.post(
    '/person-claims/:id/withdraw/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Withdraw one’s own waiting request',
        params: PersonClaimIdParams,
        response: { 200: PersonClaimSchema, ...errors },
      },
    },
    async (request) =>
      withdrawClaim(app.db, request.params.id, currentUser(request).id, viewerOf(request)),
  );

  app.post(
    '/person-claims/:id/unlink/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'End a link: one’s own, or any as a moderator',
        params: PersonClaimIdParams,
        response: { 200: PersonClaimSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const actor = { id: user.id, isStaff: hasRole(user.role, 'moderator') };
      return unlinkClaim(app.db, request.params.id, actor, viewerOf(request));
    },
  );

  app.get(
    '/persons/:id/relation-to-me/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'How the person is related to the member’s own person, in Kyrgyz',
        params: PersonIdParams,
        response: {
          200: RelationToMeSchema,
          400: BadRequestErrorSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) =>
      relationToMe(app.db, currentUser(request).id, request.params.id, viewerOf(request)),
  );
};
