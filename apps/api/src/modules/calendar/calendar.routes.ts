import {
  CalendarFeedQuery,
  CalendarFeedTokenSchema,
  CalendarFeedTokenStatusSchema,
  CalendarMonthSchema,
  CalendarQuery,
  dayOfDate,
  parseMonthKey,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarMonth, resolveScope } from '../../genealogy/calendar';
import { FULL_VIEWER, PUBLIC_VIEWER, viewerOf } from '../../genealogy/privacy';
import { notFound } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  calendarFeed,
  feedTokenStatus,
  feedTokenUser,
  regenerateFeedToken,
} from './calendar.service';

const tags = ['calendar'];
const security = [{ bearer: [] }];

/** Эскерүү күндөрү: the month's events, the .ics feed and the member's secret feed link. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/',
    {
      schema: {
        tags,
        summary:
          "One month's anniversaries of persons who are not living; a member's also hold the memorial days",
        querystring: CalendarQuery,
        response: { 200: CalendarMonthSchema },
      },
    },
    async (request) => {
      const { month, clan, branch } = request.query;
      const today = dayOfDate(new Date());
      const { year, month: monthNumber } = month
        ? parseMonthKey(month)
        : { year: today.year, month: today.month };
      const tops = await resolveScope(app.db, { clan, branch });
      const viewer = viewerOf(request);
      return calendarMonth(
        app.db,
        { viewer, memorial: request.user !== null },
        tops,
        year,
        monthNumber,
      );
    },
  );

  app.get(
    '/calendar.ics',
    {
      schema: {
        tags,
        summary:
          "The RFC 5545 feed of the next 12 months: public events, or with a member's token also the memorial days",
        querystring: CalendarFeedQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { token, clan, branch } = request.query;
      let memorial = false;
      if (token !== undefined) {
        // An unknown or regenerated token: nothing, as if there were no such feed.
        if ((await feedTokenUser(app.db, token)) === null) throw notFound();
        memorial = true;
      }
      const body = await calendarFeed(
        app.db,
        { viewer: memorial ? FULL_VIEWER : PUBLIC_VIEWER, memorial },
        { clan, branch },
        (id) => `${app.config.publicUrl}/persons/${id}`,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', memorial ? 'private, no-cache' : 'no-cache')
        .header('content-disposition', 'inline; filename="bagysh.ics"')
        .send(body);
    },
  );

  app.get(
    '/calendar/feed-token/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "When the member's secret feed link was made (the token itself is shown once)",
        response: { 200: CalendarFeedTokenStatusSchema },
      },
    },
    async (request) => feedTokenStatus(app.db, currentUser(request).id),
  );

  app.post(
    '/calendar/feed-token/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'A new secret feed link for the member; the previous one stops working',
        response: { 201: CalendarFeedTokenSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await regenerateFeedToken(app.db, currentUser(request).id)),
  );
};
