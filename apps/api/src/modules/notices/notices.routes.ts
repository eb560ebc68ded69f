import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  DetailSchema,
  FollowInput,
  FollowParams,
  FollowStateSchema,
  NoticeIdParams,
  NoticeListQuery,
  noticeMessages,
  NoticePageSchema,
  NoticeSettingsInput,
  NoticeSettingsSchema,
  NoticeUnreadSchema,
  UnsubscribeInfoSchema,
  UnsubscribeQuery,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  follow,
  followState,
  listNotices,
  markAllRead,
  markRead,
  noticeSettings,
  unfollow,
  unreadCount,
  unsubscribe,
  unsubscribeInfo,
  updateNoticeSettings,
} from './notices.service';

const tags = ['notices'];
const security = [{ bearer: [] }];
const signedIn = { 401: DetailErrorSchema };

/**
 * Notices (docs/features.md, Notices): the member's list, read marks, mail switches, the
 * unsubscribe link of a mail (no sign-in) and following a person or a branch.
 */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = app.notices;
  // The one-click unsubscribe of a mail client posts `List-Unsubscribe=One-Click` as a form
  // (RFC 8058); the token is in the address, so the body is read and ignored. Only here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/notices/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The member's notices, newest first, with the unread count",
        querystring: NoticeListQuery,
        response: { 200: NoticePageSchema, 400: BadRequestErrorSchema, ...signedIn },
      },
    },
    async (request) => {
      const page = await listNotices(app.db, currentUser(request).id, request.query);
      return {
        ...paginated(request, request.query, page.count, page.results),
        unread: page.unread,
      };
    },
  );

  app.get(
    '/notices/unread/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'How many notices the member has not read (the badge)',
        response: { 200: NoticeUnreadSchema, ...signedIn },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, currentUser(request).id) }),
  );

  app.post(
    '/notices/:id/read/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark one of the member’s notices read',
        params: NoticeIdParams,
        response: {
          200: NoticeUnreadSchema,
          400: BadRequestErrorSchema,
          404: DetailErrorSchema,
          ...signedIn,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await markRead(app.db, userId, request.params.id);
      return { unread: await unreadCount(app.db, userId) };
    },
  );

  app.post(
    '/notices/read-all/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark every notice of the member read',
        response: { 200: NoticeUnreadSchema, ...signedIn },
      },
    },
    async (request) => {
      await markAllRead(app.db, currentUser(request).id);
      return { unread: 0 };
    },
  );

  app.get(
    '/notices/settings/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Which kinds of notice are mailed to the member',
        response: { 200: NoticeSettingsSchema, ...signedIn },
      },
    },
    async (request) => noticeSettings(app.db, currentUser(request)),
  );

  app.put(
    '/notices/settings/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Switch the mail of kinds of notice on or off',
        body: NoticeSettingsInput,
        response: { 200: NoticeSettingsSchema, 400: BadRequestErrorSchema, ...signedIn },
      },
    },
    async (request) => updateNoticeSettings(app.db, currentUser(request), request.body),
  );

  app.get(
    '/notices/unsubscribe/',
    {
      schema: {
        tags,
        summary: "What a mail's unsubscribe link stops (no sign-in: the token is signed)",
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribeInfoSchema, 400: BadRequestErrorSchema },
      },
    },
    async (request) => unsubscribeInfo(app.db, jobs.secret(), request.query.token),
  );

  app.post(
    '/notices/unsubscribe/',
    {
      schema: {
        tags,
        summary:
          'Stop the kind of mail an unsubscribe link names (the page’s button, and the ' +
          'one-click List-Unsubscribe-Post of mail clients)',
        querystring: UnsubscribeQuery,
        response: { 200: DetailSchema, 400: BadRequestErrorSchema },
      },
    },
    async (request) => {
      await unsubscribe(app.db, jobs.secret(), request.query.token);
      return { detail: noticeMessages.unsubscribed };
    },
  );

  app.get(
    '/persons/:id/follow/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Whether the member follows this person (or their branch)',
        params: FollowParams,
        response: { 200: FollowStateSchema, 400: BadRequestErrorSchema, ...signedIn },
      },
    },
    async (request) => followState(app.db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/persons/:id/follow/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Follow a person, or the person and their descendants (the weekly digest)',
        params: FollowParams,
        body: FollowInput,
        response: {
          200: FollowStateSchema,
          400: BadRequestErrorSchema,
          404: DetailErrorSchema,
          ...signedIn,
        },
      },
    },
    async (request) =>
      follow(app.db, currentUser(request).id, request.params.id, request.body.scope),
  );

  app.delete(
    '/persons/:id/follow/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Stop following a person or branch',
        params: FollowParams,
        response: { 200: FollowStateSchema, 400: BadRequestErrorSchema, ...signedIn },
      },
    },
    async (request) => unfollow(app.db, currentUser(request).id, request.params.id),
  );
};
