import {
  ContactMessageCreatedSchema,
  ContactMessageInput,
  ContactMessagePatchInput,
  ContactMessageSchema,
  ContactMessagesListQuery,
  ContactMessagesPageSchema,
  ContentIdParams,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors';
import { currentUser, requireRole } from '../../plugins/auth';
import { paginated } from '../../lib/pagination';
import {
  contactMessageTexts,
  createContactMessage,
  getContactMessage,
  listContactMessages,
  setHandled,
} from './contact-messages.service';

const tags = ['contact-messages'];
const security = [{ bearer: [] }];
const HOUR_MS = 60 * 60 * 1000;

/**
 * The contact form (anyone, limited per IP address by `config.contactRateLimit` an hour) and
 * the admins' inbox of its messages.
 */
export const contactMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact-messages/',
    {
      // @fastify/rate-limit is registered once for the app (global: false, app.ts): a second
      // registration here would count every message twice.
      config: {
        rateLimit: {
          max: app.config.contactRateLimit,
          timeWindow: HOUR_MS,
          errorResponseBuilder: () => new HttpError(429, contactMessageTexts.tooMany),
        },
      },
      schema: {
        tags,
        summary: 'Send a message through the contact form (name, e-mail or phone, message)',
        body: ContactMessageInput,
        response: { 201: ContactMessageCreatedSchema },
      },
    },
    async (request, reply) => {
      const { id } = await createContactMessage(app.db, request.body);
      return reply.code(201).send({ id, detail: contactMessageTexts.sent });
    },
  );

  app.get(
    '/contact-messages/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'The inbox, newest first (?handled=0 for the unhandled ones; admins)',
        querystring: ContactMessagesListQuery,
        response: { 200: ContactMessagesPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listContactMessages(app.db, request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/contact-messages/:id/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'One message (admins)',
        params: ContentIdParams,
        response: { 200: ContactMessageSchema },
      },
    },
    async (request) => getContactMessage(app.db, request.params.id),
  );

  app.patch(
    '/contact-messages/:id/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'Mark a message handled or unhandled (admins)',
        params: ContentIdParams,
        body: ContactMessagePatchInput,
        response: { 200: ContactMessageSchema },
      },
    },
    async (request) =>
      setHandled(app.db, request.params.id, request.body.handled, currentUser(request).id),
  );
};
