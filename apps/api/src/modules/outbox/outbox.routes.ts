import {
  DetailErrorSchema,
  OutboxIdParams,
  OutboxListQuery,
  OutboxMessageDetailSchema,
  OutboxPageSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { pageLinks, requestUrl } from '../../lib/pagination';
import { listOutbox, readOutboxEml, readOutboxEntry } from '../../mail/outbox';
import { requireRole } from '../../plugins/auth';

const security = [{ bearer: [] }];

/**
 * The outbox for admins: the mails written to DATA_DIR/outbox/ while no SMTP server is set
 * (and those written before one was), newest first; one opened; its .eml as sent.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.mail.outboxDir;

  app.get(
    '/mail/outbox/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['mail'],
        summary: 'The mails written to the outbox folder (admins)',
        security,
        querystring: OutboxListQuery,
        response: { 200: OutboxPageSchema, 401: DetailErrorSchema, 403: DetailErrorSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const entries = await listOutbox(dir);
      const results = entries
        .slice((page - 1) * pageSize, page * pageSize)
        .map(({ text: _text, ...entry }) => entry);
      return {
        count: entries.length,
        ...pageLinks(requestUrl(request), page, pageSize, entries.length),
        results,
        transport: app.mail.transport,
      };
    },
  );

  app.get(
    '/mail/outbox/:id/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['mail'],
        summary: 'One outbox mail with its text body (admins)',
        security,
        params: OutboxIdParams,
        response: {
          200: OutboxMessageDetailSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const entry = await readOutboxEntry(dir, request.params.id);
      if (!entry) throw notFound();
      return entry;
    },
  );

  app.get(
    '/mail/outbox/:id/eml/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['mail'],
        summary: 'The .eml file of one outbox mail, as an SMTP server would have received it',
        security,
        params: OutboxIdParams,
        response: { 200: z.any(), 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const eml = await readOutboxEml(dir, request.params.id);
      if (!eml) throw notFound();
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="${request.params.id}.eml"`)
        .header('cache-control', 'no-store')
        .send(eml);
    },
  );
};
