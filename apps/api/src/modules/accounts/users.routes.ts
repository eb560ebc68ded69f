import {
  DetailErrorSchema,
  PasswordChangeInput,
  ProfileUpdateInput,
  TokenPairSchema,
  UserAdminSchema,
  UserAdminUpdateInput,
  UserIdParams,
  UserSchema,
  UsersListQuery,
  UsersPageSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestUrl } from '../../lib/pagination';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';
import { sessionSettings } from './sessions';
import {
  changePassword,
  getUser,
  listUsers,
  updateProfile,
  updateUserAsStaff,
} from './users.service';

const security = [{ bearer: [] }];

/** The signed-in user's own account, and the members directory with its staff controls. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = sessionSettings(app.config);

  app.get(
    '/user/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security,
        response: { 200: UserSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => getUser(app.db, currentUser(request).id),
  );

  app.patch(
    '/user/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Edits the own profile: full name, e-mail, avatar (an uploaded image id)',
        security,
        body: ProfileUpdateInput,
        response: { 200: UserSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => updateProfile(app.db, currentUser(request).id, request.body),
  );

  app.post(
    '/user/password/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Changes the password and ends every other session',
        description:
          'Every refresh token of the user is revoked and every access token voided at once; ' +
          'the answer is a new pair for this client.',
        security,
        body: PasswordChangeInput,
        response: { 200: TokenPairSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => changePassword(app.db, settings, currentUser(request).id, request.body),
  );

  app.get(
    '/users/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Members directory (admins and moderators see more fields and blocked members)',
        security,
        querystring: UsersListQuery,
        response: { 200: UsersPageSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      return listUsers(app.db, currentUser(request), request.query, requestUrl(request));
    },
  );

  app.patch(
    '/users/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags: ['users'],
        summary: 'Changes a role (admin) or blocks and unblocks a member (admin, moderator)',
        description:
          'Nobody changes their own role or status; the last active admin cannot be demoted ' +
          'or blocked (409).',
        security,
        params: UserIdParams,
        body: UserAdminUpdateInput,
        response: {
          200: UserAdminSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request) =>
      updateUserAsStaff(app.db, currentUser(request), request.params.id, request.body),
  );
};
