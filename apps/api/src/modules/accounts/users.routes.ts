import {
  accountLinkMessages,
  AdminResetLinkSchema,
  BadRequestErrorSchema,
  DetailErrorSchema,
  DetailSchema,
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
import { AccountLinks } from './account-links.service';
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
  const links = new AccountLinks(app.db, app.mail, app.config.publicUrl, app.log);

  app.get(
    '/user/',
    {
      onRequest: requireUser,
      // The web needs the record to send a moderator who must set up two-factor sign-in there.
      config: { twoFactorSetup: true },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security,
        response: { 200: UserSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => getUser(app.db, currentUser(request).id, app.config.staff2fa),
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
    async (request) => {
      const { user, emailChanged } = await updateProfile(
        app.db,
        currentUser(request).id,
        request.body,
        app.config.staff2fa,
      );
      if (emailChanged && user.email !== null) {
        await links.sendConfirmation(user.id, user.username, user.email);
      }
      return user;
    },
  );

  app.post(
    '/email/confirm/resend/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Mails the confirmation link of the own e-mail address again',
        description: 'No e-mail, or one already confirmed → 400; more than 5 an hour → 429.',
        security,
        response: {
          200: DetailSchema,
          400: BadRequestErrorSchema,
          401: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      await links.resendConfirmation(currentUser(request).id);
      return { detail: accountLinkMessages.confirmationSent };
    },
  );

  app.post(
    '/users/:id/password-reset-link/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Makes a one-time password reset link for a member (admins)',
        description:
          'For a member who has no e-mail: the admin passes the link on. It works once, for ' +
          '24 hours, and is answered only now (only its hash is kept).',
        security,
        params: UserIdParams,
        response: {
          200: AdminResetLinkSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => links.adminResetLink(currentUser(request).id, request.params.id),
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
