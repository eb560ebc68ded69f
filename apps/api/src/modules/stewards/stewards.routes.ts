import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  StewardBranchesSchema,
  StewardBranchInput,
  StewardBranchParams,
  UserIdParams,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Db } from '../../db/client';
import { addStewardBranch, removeStewardBranch, stewardBranches } from '../../genealogy/stewards';
import { notFound } from '../../lib/http-errors';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';

const tags = ['users'];
const security = [{ bearer: [] }];
const errors = { 401: DetailErrorSchema, 403: DetailErrorSchema, 404: DetailErrorSchema };

async function userExists(db: Db, id: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from users where id = ${id}`);
  if (!row) throw notFound();
}

/**
 * Branch stewards (docs/features.md, Branch stewards): the member's own branches; the admin's
 * list of the branches a member keeps, one added by its top person, one taken away (answered
 * with the member's branches after).
 */
export const stewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/branches/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The branches the signed-in member keeps as a steward (none for most)',
        response: { 200: StewardBranchesSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => ({ results: await stewardBranches(app.db, currentUser(request).id) }),
  );

  app.get(
    '/users/:id/branches/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'The branches a member keeps as a steward (admins)',
        params: UserIdParams,
        response: { 200: StewardBranchesSchema, ...errors },
      },
    },
    async (request) => {
      await userExists(app.db, request.params.id);
      return { results: await stewardBranches(app.db, request.params.id) };
    },
  );

  app.post(
    '/users/:id/branches/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'Makes a member the steward of the branch of `person_id` (admins)',
        description:
          'The branch is the person and their descendants in the father line. Refused (400) ' +
          'for a moderator or admin, a blocked account, a person inside a branch the member ' +
          'keeps already, and past the limit; adding a branch kept already changes nothing.',
        params: UserIdParams,
        body: StewardBranchInput,
        response: { 200: StewardBranchesSchema, 400: BadRequestErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await addStewardBranch(app.db, id, request.body.person_id, currentUser(request).id);
      return { results: await stewardBranches(app.db, id) };
    },
  );

  app.delete(
    '/users/:id/branches/:person_id/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'The member no longer keeps the branch of `person_id` (admins)',
        params: StewardBranchParams,
        response: { 200: StewardBranchesSchema, ...errors },
      },
    },
    async (request) => {
      const { id, person_id: personId } = request.params;
      await userExists(app.db, id);
      await removeStewardBranch(app.db, id, personId);
      return { results: await stewardBranches(app.db, id) };
    },
  );
};
