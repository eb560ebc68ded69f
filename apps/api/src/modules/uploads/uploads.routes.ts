import { join } from 'node:path';
import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  FileSchema,
  UploadCreateInput,
  UploadFinishInput,
  UploadIdParams,
  UploadOffsetErrorSchema,
  UploadSessionSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalFileStorage } from '../../files/storage/local-storage';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  appendPart,
  cancelUpload,
  createUploadSession,
  finishUpload,
  getUploadSession,
  partOffset,
  sweepUploads,
  type UploadsContext,
} from './uploads.service';

const tags = ['uploads'];
const security = [{ bearer: [] }];
const errors = {
  400: BadRequestErrorSchema,
  401: DetailErrorSchema,
  404: DetailErrorSchema,
  413: DetailErrorSchema,
};
const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Resumable uploads (docs/features.md, Uploads in parts): a member opens a session, sends the
 * bytes in parts at the offset the server holds, and finishes it into a stored file. Parts are
 * `application/octet-stream` bodies, read as a stream in this plugin only.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: UploadsContext = {
    db: app.db,
    storage: new LocalFileStorage(join(app.config.dataDir, 'files')),
    uploadMaxBytes: app.config.uploadMaxBytes,
    uploadQuotaBytes: app.config.uploadQuotaBytes,
    dir: join(app.config.dataDir, 'uploads'),
  };

  // The part's body stays a stream for the handler (appendPart), never buffered.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => {
    done(null, undefined);
  });

  const sweep = () => {
    sweepUploads(ctx).then(
      (removed) => {
        if (removed > 0) app.log.info({ removed }, 'expired uploads removed');
      },
      (error: unknown) => app.log.warn({ err: error }, 'uploads sweep failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/uploads/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Open a resumable upload: name, type, size and, if known, SHA-256',
        body: UploadCreateInput,
        response: { 201: UploadSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await createUploadSession(ctx, currentUser(request), request.body);
      return reply.code(201).send(session);
    },
  );

  app.get(
    '/uploads/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The bytes received so far (the offset of the next part)',
        params: UploadIdParams,
        response: { 200: UploadSessionSchema, ...errors },
      },
    },
    async (request) => getUploadSession(ctx, currentUser(request), request.params.id),
  );

  app.put(
    '/uploads/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Append one part (application/octet-stream) at the current offset',
        description:
          'The part starts at `Content-Range: bytes <start>-<end>/<total>` or `Upload-Offset: ' +
          '<start>`; a start other than the bytes received is 409 with `offset` to resume from. ' +
          'While another part or the finish of this upload is being written (in any process), ' +
          '409 with `busy: true` and `offset`: ask again after a few seconds.',
        params: UploadIdParams,
        response: { 200: UploadSessionSchema, ...errors, 409: UploadOffsetErrorSchema },
      },
    },
    async (request) => {
      const offset = partOffset(request.headers);
      return appendPart(ctx, currentUser(request), request.params.id, offset, request.raw);
    },
  );

  app.post(
    '/uploads/:id/finish/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Store the received bytes as a file (its SHA-256 checked when declared)',
        params: UploadIdParams,
        body: UploadFinishInput.optional(),
        response: {
          201: FileSchema,
          ...errors,
          409: UploadOffsetErrorSchema,
          415: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const input = UploadFinishInput.parse(request.body ?? {});
      const file = await finishUpload(ctx, currentUser(request), request.params.id, input);
      return reply.code(201).send(file);
    },
  );

  app.delete(
    '/uploads/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Give up an upload: its bytes are removed',
        params: UploadIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelUpload(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
