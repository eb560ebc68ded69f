import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  GedcomCommitBody,
  GedcomImportAcceptedSchema,
  GedcomImportQuery,
  GedcomJobIdParams,
  GedcomJobListQuery,
  GedcomJobPageSchema,
  GedcomJobSchema,
  gedcomMessages,
  GedcomPreviewIdParams,
  GedcomPreviewSchema,
  GedcomMatchesSchema,
  GedcomRevertResultSchema,
  hasRole,
} from '@bagysh/shared';
import type { GedcomJobMerge } from '../../db/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorMessages, fieldError, forbidden, HttpError } from '../../lib/http-errors';
import { paginated } from '../../lib/pagination';
import { currentUser, requireRole } from '../../plugins/auth';
import {
  assertGoodPart,
  inputGuardMessages,
  isTruncatedMultipart,
} from '../../plugins/input-guard';
import type { GedcomPreviews } from './gedcom-previews.service';
import type { GedcomJobs } from './gedcom.service';
import { mergeImportMessages } from './merge-messages';

/** The app the GEDCOM routes register on (gedcom.routes.ts). */
export type GedcomApp = Parameters<FastifyPluginAsyncZod>[0];

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
 * GEDCOM import (moderators and admins, background job): an upload imported at once, or
 * previewed first and then committed; the history of imports, a job's progress, cancelling.
 */
export function importRoutes(app: GedcomApp, jobs: GedcomJobs, previews: GedcomPreviews): void {
  uploadRoute(app, jobs);
  previewRoutes(app, previews);
  jobRoutes(app, jobs);
}

/** A scripted merging import: the job matches the file and takes the matches above the threshold. */
const autoMergeRequest = (): GedcomJobMerge => ({
  accept: 'auto',
  matches: [],
  versions: {},
  attach_to: null,
  root_xref: null,
  merges: [],
  ids: null,
  source_id: null,
  attached: null,
  after_versions: {},
  reverted_at: null,
});

/** An upload imported at once, adding to the tree (or merging into it). */
function uploadRoute(app: GedcomApp, jobs: GedcomJobs): void {
  app.post(
    '/gedcom/import/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Import a GEDCOM file (multipart field `file`) at once, adding to the tree: 202 ' +
          'with the job id; 409 for a file imported before unless `confirm_same_file=true`. ' +
          '`mode=merge&accept=auto` (admins) merges the persons matched from the threshold ' +
          'up into the tree persons. The import page previews first (POST /api/gedcom/previews/)',
        consumes: ['multipart/form-data'],
        querystring: GedcomImportQuery,
        response: {
          202: GedcomImportAcceptedSchema,
          400: BadRequestErrorSchema,
          403: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { mode, accept, confirm_same_file: confirm } = request.query;
      if (mode === 'merge' && !hasRole(user.role, 'admin')) {
        throw forbidden(mergeImportMessages.mergeAdminOnly);
      }
      if (mode === 'merge' && accept !== 'auto') {
        throw fieldError('accept', mergeImportMessages.mergeNeedsAuto);
      }
      const part = await uploadedFile(request);
      const merge = mode === 'merge' ? autoMergeRequest() : null;
      const id = await jobs
        .receive(part.file, part.filename, user.id, confirm, merge)
        .catch((error: unknown) => {
          throw asClientError(error);
        });
      return reply.code(202).send({ job_id: id });
    },
  );
}

/** The history of imports, a job's progress, cancelling. */
function jobRoutes(app: GedcomApp, jobs: GedcomJobs): void {
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

  app.post(
    '/gedcom/jobs/:id/revert/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary:
          'Revert a merging import (admins): its merges undone, its persons, unions, sources ' +
          'and notes removed, in one transaction. 409 for another kind of import, one not ' +
          'done or reverted already, or when its persons changed since',
        params: GedcomJobIdParams,
        response: { 200: GedcomRevertResultSchema, 404: DetailErrorSchema, 409: DetailErrorSchema },
      },
    },
    async (request) => jobs.revert(request.params.id),
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
}

/**
 * Previews (moderators and admins): an upload analysed first, then committed — added to the
 * tree, or replacing it (admins only) — or dropped.
 */
function previewRoutes(app: GedcomApp, previews: GedcomPreviews): void {
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
      const preview = await previews
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
    async (request) => previews.getPreview(request.params.id, currentUser(request)),
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
      await previews.discardPreview(request.params.id, currentUser(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/gedcom/previews/:id/matches/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security,
        summary:
          'Match every person of a previewed file against the tree (a merging import, ' +
          'admins): the proposed tree person with the father and grandfather, the score and ' +
          'its reasons; kept with the preview for its commit',
        params: GedcomPreviewIdParams,
        response: { 200: GedcomMatchesSchema, 404: DetailErrorSchema, 409: DetailErrorSchema },
      },
    },
    async (request) => previews.matches(request.params.id, currentUser(request)),
  );

  app.post(
    '/gedcom/previews/:id/commit/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Import a previewed file: `add` to the tree, `replace` it (admins only; a backup ' +
          'archive of the site is made first, and the old tree goes in the same transaction ' +
          'that writes the new one), or `merge` into it (admins only: the accepted `matches` ' +
          'of GET …/matches/, or `accept=auto`; `attach_to` places the file root). 202 with ' +
          'the job id; 400 for a match the preview did not propose; 409 for a refused file, ' +
          'a file imported before unless `confirm_same_file`, matches not computed, a ' +
          'matched person deleted or changed since',
        params: GedcomPreviewIdParams,
        body: GedcomCommitBody,
        response: {
          202: GedcomImportAcceptedSchema,
          400: BadRequestErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await previews.commit(request.params.id, request.body, currentUser(request));
      return reply.code(202).send({ job_id: id });
    },
  );
}
