import {
  ClanDetailSchema,
  ClanIdParams,
  ClanListSchema,
  CreateClanInput,
  ListClansQuery,
  UpdateClanInput,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, currentUser } from '../../plugins/auth';
import { paginated } from '../../lib/pagination';
import { createClan, deleteClan, getClan, listClans, updateClan } from './clans.service';

const tags = ['clans'];
const security = [{ bearer: [] }];

/** Clans (уруу → урук) of the tribe, anchored at their founders. */
export const clansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clans/',
    {
      schema: {
        tags,
        summary: 'Every clan with its founder and parent clan, top-level clans first',
        querystring: ListClansQuery,
        response: { 200: ClanListSchema },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const result = await listClans(app.db, page, page_size);
      return paginated(request, request.query, result.count, result.results);
    },
  );

  app.post(
    '/clans/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Found a clan at a person (moderators)',
        body: CreateClanInput,
        response: { 201: ClanDetailSchema },
      },
    },
    async (request, reply) => {
      const id = await createClan(app.db, currentUser(request), request.body);
      return reply.code(201).send(await getClan(app.db, id));
    },
  );

  app.get(
    '/clans/:id/',
    {
      schema: {
        tags,
        summary: "One clan: founder, member count (the founder's whole line), sub-clans",
        params: ClanIdParams,
        response: { 200: ClanDetailSchema },
      },
    },
    async (request) => getClan(app.db, request.params.id),
  );

  app.patch(
    '/clans/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Rename a clan, change its founder or description (moderators)',
        params: ClanIdParams,
        body: UpdateClanInput,
        response: { 200: ClanDetailSchema },
      },
    },
    async (request) => {
      await updateClan(app.db, request.params.id, request.body);
      return getClan(app.db, request.params.id);
    },
  );

  app.delete(
    '/clans/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Delete a clan (its persons stay in the tree)',
        params: ClanIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteClan(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
