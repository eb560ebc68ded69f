import { join } from 'node:path';
import multipart from '@fastify/multipart';
import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  FileDownloadQuery,
  FileIdParams,
  FileLimitsSchema,
  FileLinkSchema,
  FileSchema,
  FilesListQuery,
  FilesPageSchema,
  FileUpdateInput,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { paginated } from '../../lib/pagination';
import { sendStoredContent } from './download';
import { downloadName } from '../../files/file-names';
import {
  assertQuotaLeft,
  quotaUsed,
  sweepOrphans,
  type FilesContext,
} from '../../files/file-blobs';
import { filesMessages } from '../../files/file-messages';
import {
  createDownloadLink,
  createFile,
  deleteFile,
  getFile,
  getFileContent,
  listFiles,
  updateFile,
} from '../../files/files.service';
import { verifyDownloadLink } from '../../files/signed-links';
import { LocalFileStorage } from '../../files/storage/local-storage';
import { receiveUpload, uploadMessages } from '../../files/upload';
import { optionalSecurity } from '../../plugins/docs';

/** How often the orphan sweep runs; the first run comes ten minutes after start. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 10 * 60 * 1000;

const security = [{ bearer: [] }];
/** Guests may call these too; a token also shows members-only files. */

const errors = {
  400: BadRequestErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
};

/**
 * Uploaded files: upload, list, read, change, delete, download and
 * thumbnails. Blobs live under DATA_DIR/files. Members-only files answer 404 to
 * guests. Multipart parsing is registered here only, limited to UPLOAD_MAX_BYTES.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed download links use the JWT secret (with their own prefix, see signed-links.ts).
  const linkSecret = app.config.jwtSecret;
  if (!linkSecret) throw new Error('filesRoutes needs config.jwtSecret');
  const ctx: FilesContext = {
    db: app.db,
    storage: new LocalFileStorage(join(app.config.dataDir, 'files')),
    uploadMaxBytes: app.config.uploadMaxBytes,
    uploadQuotaBytes: app.config.uploadQuotaBytes,
  };

  await app.register(multipart, {
    limits: {
      fileSize: ctx.uploadMaxBytes,
      files: 1,
      fields: 10,
      fieldSize: 16 * 1024,
      parts: 12,
    },
  });

  // Uploads cut short by a crash of this server: gone before it accepts new ones.
  const deadUploads = await ctx.storage.removeDeadWritersFiles();
  if (deadUploads > 0) app.log.info({ removed: deadUploads }, 'interrupted uploads removed');

  const runSweep = () => {
    sweepOrphans(ctx).then(
      (removed) => {
        if (removed.blobs + removed.temporaryFiles > 0) app.log.info({ removed }, 'files swept');
      },
      (error: unknown) => app.log.warn({ err: error }, 'files sweep failed'),
    );
  };
  let sweepTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweepTimer = setTimeout(function sweepAndReschedule() {
      runSweep();
      sweepTimer = setTimeout(sweepAndReschedule, SWEEP_EVERY_MS).unref();
    }, FIRST_SWEEP_AFTER_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(sweepTimer));

  app.get(
    '/files/',
    {
      schema: {
        tags: ['files'],
        security: optionalSecurity,
        summary: 'Files, newest first (guests: public files only)',
        querystring: FilesListQuery,
        response: { 200: FilesPageSchema, 400: BadRequestErrorSchema },
      },
    },
    async (request) => {
      const { count, results } = await listFiles(ctx, request.user, request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.post(
    '/files/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        security,
        summary: 'Upload one file (multipart/form-data)',
        description:
          'Parts: `file` (required), `description`, `visibility` (members|public), `category_id`. ' +
          'The type is detected from the content; 413 over the size limit or the quota, ' +
          '415 for a type that is not allowed. Images are stored without metadata.',
        consumes: ['multipart/form-data'],
        response: {
          201: FileSchema,
          ...errors,
          413: DetailErrorSchema,
          415: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, uploadMessages.notMultipart);
      await assertQuotaLeft(ctx, user);
      const upload = await receiveUpload(request.parts(), ctx.storage, ctx.uploadMaxBytes).catch(
        (error: unknown) => {
          // The client went away mid-upload (nothing was kept): not a server fault to log.
          if (request.raw.readableAborted) throw new HttpError(400, uploadMessages.interrupted);
          throw error;
        },
      );
      const file = await createFile(ctx, user, upload);
      return reply.code(201).send(file);
    },
  );

  app.get(
    '/files/limits/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        security,
        summary: 'Upload size limit, quota and what the current user has used',
        response: { 200: FileLimitsSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => ({
      max_upload_bytes: ctx.uploadMaxBytes,
      quota_bytes: ctx.uploadQuotaBytes,
      used_bytes: await quotaUsed(ctx, currentUser(request)),
    }),
  );

  app.get(
    '/files/:id/',
    {
      schema: {
        tags: ['files'],
        security: optionalSecurity,
        summary: 'One file (members-only files: 404 for guests)',
        params: FileIdParams,
        response: { 200: FileSchema, ...errors },
      },
    },
    async (request) => getFile(ctx, request.user, request.params.id),
  );

  app.patch(
    '/files/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        security,
        summary: 'Change name, description, category or visibility (owner or moderator)',
        params: FileIdParams,
        body: FileUpdateInput,
        response: { 200: FileSchema, ...errors },
      },
    },
    async (request) => updateFile(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/files/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        security,
        summary: 'Delete a file (owner or moderator)',
        params: FileIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteFile(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/files/:id/link/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        security,
        summary: 'A signed download link that works without the token for a few minutes',
        description:
          'For `<audio>`/`<video>` of members-only files: the link works for this file only, ' +
          'with Range requests, until `expires_at`.',
        params: FileIdParams,
        response: { 200: FileLinkSchema, ...errors },
      },
    },
    async (request) => createDownloadLink(ctx, currentUser(request), request.params.id, linkSecret),
  );

  app.get(
    '/files/:id/download/',
    {
      schema: {
        tags: ['files'],
        security: optionalSecurity,
        summary: 'The bytes (Range requests, ETag; attachment unless image or PDF)',
        description:
          'Members-only files need the token or a signed link (`expires` and `signature` ' +
          'from `POST /api/files/{id}/link/`); a wrong or expired signature answers 403.',
        params: FileIdParams,
        querystring: FileDownloadQuery,
        response: { 403: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      let signed = false;
      if (expires !== undefined || signature !== undefined) {
        signed = verifyDownloadLink(linkSecret, request.params.id, expires, signature);
        if (!signed) throw new HttpError(403, filesMessages.badLink);
      }
      const { file, key, mime, size } = await getFileContent(
        ctx,
        request.user !== null || signed,
        request.params.id,
        'original',
      );
      return sendStoredContent(request, reply, ctx.storage, {
        key,
        mime,
        size,
        filename: downloadName(file.name, mime),
        isPublic: file.visibility === 'public',
      });
    },
  );

  app.get(
    '/files/:id/thumbnail/',
    {
      schema: {
        tags: ['files'],
        security: optionalSecurity,
        summary: 'A WebP thumbnail of an image (404 for other kinds)',
        params: FileIdParams,
      },
    },
    async (request, reply) => {
      const { file, key, mime, size } = await getFileContent(
        ctx,
        request.user !== null,
        request.params.id,
        'thumbnail',
      );
      return sendStoredContent(request, reply, ctx.storage, {
        key,
        mime,
        size,
        filename: downloadName(file.name.replace(/\.[^.]*$/, '') || 'thumbnail', mime),
        isPublic: file.visibility === 'public',
      });
    },
  );
};
