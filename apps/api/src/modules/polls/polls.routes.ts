import {
  CancelPollInput,
  CreatePollInput,
  ListPollsQuery,
  PollIdParams,
  PollListSchema,
  PollResultsSchema,
  PollSchema,
  UpdatePollInput,
  VoteInput,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';
import {
  castVote,
  closePoll,
  createPoll,
  deletePoll,
  getPoll,
  getResults,
  listPolls,
  updatePoll,
  withdrawVote,
} from './polls.service';

const tags = ['polls'];
const security = [{ bearer: [] }];

/** Polls: every route needs a signed-in user; managing them needs a moderator. */
export const pollsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/polls/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Polls, newest first, optionally of one status',
        querystring: ListPollsQuery,
        response: { 200: PollListSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { count, results } = await listPolls(app.db, currentUser(request), query);
      return paginated(request, query, count, results);
    },
  );

  app.post(
    '/polls/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Create a poll (moderators and admins)',
        body: CreatePollInput,
        response: { 201: PollSchema },
      },
    },
    async (request, reply) => {
      const poll = await createPoll(app.db, currentUser(request), request.body);
      return reply.code(201).send(poll);
    },
  );

  app.get(
    '/polls/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One poll with my vote (and counts when I may see them)',
        params: PollIdParams,
        response: { 200: PollSchema },
      },
    },
    async (request) => getPoll(app.db, currentUser(request), request.params.id),
  );

  app.patch(
    '/polls/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Edit an active poll; after the first vote only description and closes_at',
        params: PollIdParams,
        body: UpdatePollInput,
        response: { 200: PollSchema },
      },
    },
    async (request) => updatePoll(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/polls/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Delete a poll nobody has voted in',
        params: PollIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePoll(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/polls/:id/vote/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Cast or change my ballot; answers the poll with my vote and the counts',
        params: PollIdParams,
        body: VoteInput,
        response: { 200: PollSchema },
      },
    },
    async (request) =>
      castVote(app.db, currentUser(request), request.params.id, request.body.option_ids),
  );

  app.delete(
    '/polls/:id/vote/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Withdraw my ballot while the poll is active and allows changes',
        params: PollIdParams,
        response: { 200: PollSchema },
      },
    },
    async (request) => withdrawVote(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/polls/:id/finish/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Finish an active poll (moderators and admins)',
        params: PollIdParams,
        response: { 200: PollSchema },
      },
    },
    async (request) =>
      closePoll(app.db, currentUser(request), request.params.id, { status: 'finished' }),
  );

  app.post(
    '/polls/:id/cancel/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Cancel an active poll with a reason (moderators and admins)',
        params: PollIdParams,
        body: CancelPollInput,
        response: { 200: PollSchema },
      },
    },
    async (request) =>
      closePoll(app.db, currentUser(request), request.params.id, {
        status: 'canceled',
        reason: request.body.reason,
      }),
  );

  app.get(
    '/polls/:id/results/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Counts, percentages and, in open polls, who chose what',
        params: PollIdParams,
        response: { 200: PollResultsSchema },
      },
    },
    async (request) => getResults(app.db, currentUser(request), request.params.id),
  );
};
