import multipart from '@fastify/multipart';
import {
  GedcomCommitBody,
  GedcomExportDownloadQuery,
  GedcomExportLinkSchema,
  GedcomExportQuery,
  GedcomImportAcceptedSchema,
  GedcomJobIdParams,
  GedcomJobListQuery,
  GedcomJobPageSchema,
  GedcomJobSchema,
  gedcomMessages,
  GedcomPreviewIdParams,
  GedcomPreviewSchema,
  hasRole,
} from '@bagysh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorMessages, fieldError, HttpError } from '../../lib/http-errors';
import { paginated } from '../../lib/pagination';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';
import {
  assertGoodPart,
  inputGuardMessages,
  isTruncatedMultipart,
} from '../../plugins/input-guard';
import { FULL_VIEWER, PUBLIC_VIEWER } from '../../genealogy/privacy';
import { exportLinkMessages, exportLinkRole, isLinkQuery, signExportLink } from './export/links';
import { exportGedcom, exportScope } from './export/export';
import { GedcomJobs } from './gedcom.service';
import {
  EXPORT_RETRY_AFTER_SECONDS,
  exportMessages,
  ExportSlots,
  exportStream,
  givingWay,
  RequestActivity,
} from './export/stream';
import { optionalSecurity } from '../../plugins/docs';

/** Large trees make large files: 1M persons are about 100 MB of GEDCOM. Staff only. */
const GEDCOM_MAX_BYTES = 2 * 1024 * 1024 * 1024;

const tags = ['gedcom'];

/** A multipart body cut short is the client's fault: 400, not a 500. */
const asClientError = (error: unknown) =>
  isTruncatedMultipart(error) ? new HttpError(400, inputGuardMessages.malformedMultipart) : error;
const security = [{ bearer: [] }];

/** The multipart field `file` of an upload, as a stream (400/415 for anything else). */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, errorMessages.unsupportedMediaType);
  const part = await request.file().catch((error: unknown) => {
    throw asClientError(error);
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw fieldError('file', gedcomMessages.noFile);
  }
  assertGoodPart(part);
  return part;
}

/**
 * GEDCOM import (moderators and admins, background job: a preview first, then add to the tree,
 * or replace it — admins only) and export (members; living persons filtered).
 */
export const gedcomRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = new GedcomJobs(app.database, app.config, app.log);
  await jobs.start();
  // Stops taking jobs; a running import goes back to the queue (see GedcomJobs).
  app.addHook('onClose', async () => jobs.stopAll());
  await app.register(multipart, { limits: { fileSize: GEDCOM_MAX_BYTES, files: 1 } });

  app.post(
    '/gedcom/import/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Import a GEDCOM file (multipart field `file`) at once, adding to the tree: 202 ' +
          'with the job id. The import page previews first (POST /api/gedcom/previews/)',
        consumes: ['multipart/form-data'],
        response: { 202: GedcomImportAcceptedSchema },
      },
    },
    async (request, reply) => {
      const part = await uploadedFile(request);
      const id = await jobs
        .receive(part.file, part.filename, currentUser(request).id)
        .catch((error: unknown) => {
          throw asClientError(error);
        });
      return reply.code(202).send({ job_id: id });
    },
  );

  app.post(
    '/gedcom/previews/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Analyse a GEDCOM file (multipart field `file`) without writing: counts, encoding, ' +
          'warnings, the refusal if it would be refused, persons like ones already in the ' +
          'tree, an earlier import of the same file. Kept 24 h for its creator to commit',
        consumes: ['multipart/form-data'],
        response: { 201: GedcomPreviewSchema },
      },
    },
    async (request, reply) => {
      const part = await uploadedFile(request);
      const preview = await jobs
        .preview(part.file, part.filename, currentUser(request).id)
        .catch((error: unknown) => {
          throw asClientError(error);
        });
      return reply.code(201).send(preview);
    },
  );

  app.get(
    '/gedcom/previews/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'A preview again (its creator or an admin); 404 once committed or expired',
        params: GedcomPreviewIdParams,
        response: { 200: GedcomPreviewSchema },
      },
    },
    async (request) => jobs.getPreview(request.params.id, currentUser(request)),
  );

  app.delete(
    '/gedcom/previews/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Drop a preview and its file without importing',
        params: GedcomPreviewIdParams,
      },
    },
    async (request, reply) => {
      await jobs.discardPreview(request.params.id, currentUser(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/gedcom/previews/:id/commit/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Import a previewed file: `add` to the tree, or `replace` it (admins only; a backup ' +
          'archive of the site is made first, and the old tree goes in the same transaction ' +
          'that writes the new one). 202 with the job id; 409 for a refused file, or for a ' +
          'file imported before unless `confirm_same_file`',
        params: GedcomPreviewIdParams,
        body: GedcomCommitBody,
        response: { 202: GedcomImportAcceptedSchema },
      },
    },
    async (request, reply) => {
      const id = await jobs.commit(request.params.id, request.body, currentUser(request));
      return reply.code(202).send({ job_id: id });
    },
  );

  app.get(
    '/gedcom/jobs/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'The history of imports, newest first: who, when, file, mode, counts, status',
        querystring: GedcomJobListQuery,
        response: { 200: GedcomJobPageSchema },
      },
    },
    async (request) => {
      const { total, results } = await jobs.list(request.query);
      return paginated(request, request.query, total, results);
    },
  );

  app.get(
    '/gedcom/jobs/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Progress of an import: queued, running, done or failed (with the reason)',
        params: GedcomJobIdParams,
        response: { 200: GedcomJobSchema },
      },
    },
    async (request) => jobs.get(request.params.id),
  );

  app.delete(
    '/gedcom/jobs/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Cancel a queued or running import (from any server process): the job, now ' +
          'cancelled; nothing of it reaches the tree. 409 once it has ended',
        params: GedcomJobIdParams,
        response: { 200: GedcomJobSchema },
      },
    },
    async (request) => jobs.cancel(request.params.id),
  );

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
};
