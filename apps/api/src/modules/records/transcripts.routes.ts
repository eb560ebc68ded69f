import {
  RecordRevisionSchema,
  TranscriptInput,
  TranscriptParams,
  TranscriptSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { viewerOf } from '../../genealogy/privacy';
import { submitProposal } from '../../genealogy/proposals/proposals';
import { RECORD_PROPOSAL_KINDS } from '../../genealogy/proposals/record-kinds';
import { getTranscriptOfFile, hasTranscript } from '../../genealogy/records/transcripts';
import { sendSubmitted } from './submitted-reply';

const tags = ['transcripts'];
const security = [{ bearer: [] }];

/**
 * A recording's transcript, by the recording's file: read by whoever may download the file;
 * written whole by a member as a proposal (202 with the pending revision), by a moderator at
 * once. Its revisions are moderated at `/record-revisions/` (record type `transcript`).
 */
export const transcriptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kind = RECORD_PROPOSAL_KINDS.transcript;
  const read = (fileId: number, request: Parameters<typeof viewerOf>[0]) =>
    getTranscriptOfFile(app.db, fileId, viewerOf(request));

  app.get(
    '/transcripts/:file_id/',
    {
      schema: {
        tags,
        summary:
          "A recording's transcript, empty while none is written (a guest: only of a public file)",
        params: TranscriptParams,
        response: { 200: TranscriptSchema },
      },
    },
    async (request) => read(request.params.file_id, request),
  );

  app.put(
    '/transcripts/:file_id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Write the whole transcript: the first one is created, a later one corrects it ' +
          '(a member proposes: 202 with the pending revision)',
        params: TranscriptParams,
        body: TranscriptInput,
        response: { 200: TranscriptSchema, 201: TranscriptSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const fileId = request.params.file_id;
      const exists = await hasTranscript(app.db, fileId);
      const { segments } = request.body;
      const result = await submitProposal(
        app.db,
        user,
        kind,
        exists
          ? { action: 'update', id: fileId, changes: { segments } }
          : { action: 'create', fields: { file_id: fileId, segments } },
      );
      return sendSubmitted(reply, app.db, user, result, exists ? 200 : 201, () =>
        read(fileId, request),
      );
    },
  );

  app.delete(
    '/transcripts/:file_id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete the transcript (a member proposes: 202)',
        params: TranscriptParams,
        response: { 202: RecordRevisionSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = request.params.file_id;
      if (!(await hasTranscript(app.db, id))) throw notFound();
      const result = await submitProposal(app.db, user, kind, {
        action: 'delete',
        id,
        options: {},
      });
      return sendSubmitted(reply, app.db, user, result, 204);
    },
  );
};
