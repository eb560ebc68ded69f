import {
  GedcomExportDownloadQuery,
  GedcomExportLinkSchema,
  GedcomExportQuery,
  hasRole,
} from '@bagysh/shared';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { optionalSecurity } from '../../plugins/docs';
import { FULL_VIEWER, PUBLIC_VIEWER } from '../../genealogy/privacy';
import { exportGedcom, exportScope } from './export/export';
import { exportLinkMessages, exportLinkRole, isLinkQuery, signExportLink } from './export/links';
import {
  EXPORT_RETRY_AFTER_SECONDS,
  exportMessages,
  ExportSlots,
  exportStream,
  givingWay,
  RequestActivity,
} from './export/stream';
import type { GedcomApp } from './gedcom-import.routes';

const tags = ['gedcom'];
const security = [{ bearer: [] }];

/**
 * Export (members; living persons filtered): a signed link for the browser's own download, and
 * the file itself, streamed, a few at a time per server.
 */
export function exportRoutes(app: GedcomApp): void {
  const exportSlots = new ExportSlots(app.config.exportConcurrency);
  const busy = (reply: FastifyReply) => {
    reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
    return new HttpError(429, exportMessages.busy);
  };
  // Export links are signed with the JWT secret, as the files' links (signed-links.ts).
  const linkSecret = app.config.jwtSecret;
  if (!linkSecret) throw new Error('gedcomRoutes needs config.jwtSecret');
  app.post(
    '/gedcom/export/link/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'A signed address of the export with these options (the query of GET ' +
          '/api/gedcom/export/), working for a minute without the token: the browser ' +
          'downloads it by itself, streaming. It exports what the member who made it may ' +
          'read (their role when they made it). 429 with Retry-After while every export ' +
          'slot of this server is taken, so that the page says so rather than the download',
        body: GedcomExportQuery,
        response: { 200: GedcomExportLinkSchema },
      },
    },
    async (request, reply) => {
      if (exportSlots.running >= exportSlots.limit) throw busy(reply);
      const user = currentUser(request);
      return signExportLink(linkSecret, request.body, { id: user.id, role: user.role });
    },
  );

  const activity = new RequestActivity(app.server);
  const exportDb = givingWay(app.db, activity);
  app.get(
    '/gedcom/export/',
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary:
          'The tree (or the subtree of `root`) as GEDCOM 5.5.1 or 7.0 with every record ' +
          '(names, events, places, sources, citations, shared notes, media links, further ' +
          'parent families), for members; living persons name-only for non-admins, or left ' +
          'out (`living=exclude`); private notes only for admins who ask ' +
          '(`private_notes=include`). With the token, or instead through a signed link from ' +
          '`POST /api/gedcom/export/link/` (`user`, `role`, `expires`, `signature`; an expired ' +
          'or altered one answers 403). A few at a time per server: 429 with Retry-After when busy',
        querystring: GedcomExportDownloadQuery,
      },
    },
    async (request, reply) => {
      const role = isLinkQuery(request.query)
        ? await exportLinkRole(app.db, linkSecret, request.query)
        : currentUser(request).role;
      if (role === null) throw new HttpError(403, exportLinkMessages.badLink);
      const release = exportSlots.take();
      if (!release) throw busy(reply);
      activity.exempt(request.raw);
      const scope = await exportScope(app.db, request.query.root).catch((error: unknown) => {
        release();
        throw error;
      });
      const includeLiving = hasRole(role, 'admin');
      const { root, version, living } = request.query;
      // The page's download keeps the server's name: the version, and whether living persons are in.
      const name = ['bagysh-sanjyra', root, version, living === 'exclude' ? 'no-living' : undefined]
        .filter((part) => part !== undefined)
        .join('-');
      const options = {
        root: request.query.root,
        version: request.query.version,
        viewer: includeLiving ? FULL_VIEWER : PUBLIC_VIEWER,
        excludeLiving: request.query.living === 'exclude',
        privateNotes: request.query.private_notes === 'include',
        publicUrl: app.config.publicUrl,
      };
      return (
        reply
          .header('content-type', 'text/vnd.familysearch.gedcom; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.ged"`)
          // A member's view, and a signed link carries no Authorization to mark it private.
          .header('cache-control', 'private, no-store')
          .send(exportStream(exportGedcom(exportDb, scope, options), release))
      );
    },
  );
}
