import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  InformantConflictsPageSchema,
  InformantSchema,
  InformantsPageSchema,
  InformantsQuery,
  RecordIdParams,
  RecordingIdParams,
  RecordingInput,
  RecordingPatchInput,
  RecordingSchema,
  RecordingsListQuery,
  RecordingsPageSchema,
  RowIdParam,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../genealogy/privacy';
import {
  getInformant,
  getRecording,
  listConflicts,
  listInformants,
  listRecordings,
} from '../../genealogy/records/recordings';
import { paginated } from '../../lib/pagination';
import { currentUser, requireUser } from '../../plugins/auth';
import { optionalSecurity } from '../../plugins/docs';
import { createRecording, deleteRecording, readerOf, updateRecording } from './recordings.service';

const tags = ['recordings'];
const security = [{ bearer: [] }];
const errors = {
  400: BadRequestErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
};
const guests =
  'Guests: recordings of public files only, and no person hidden by the living-person rule.';

const ConflictsQuery = InformantsQuery.extend({ source_id: RowIdParam.optional() });

/** Recordings of informants and the informants' pages (docs/features.md, Recordings). */
export const recordingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/recordings/',
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary: 'Recordings, newest first: of an informant (source_id) or about a person',
        description: guests,
        querystring: RecordingsListQuery,
        response: { 200: RecordingsPageSchema, 400: BadRequestErrorSchema },
      },
    },
    async (request) => {
      const { count, results } = await listRecordings(
        app.db,
        request.query,
        readerOf(request.user),
      );
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/recordings/:id/',
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary: 'One recording',
        description: guests,
        params: RecordingIdParams,
        response: { 200: RecordingSchema, ...errors },
      },
    },
    async (request) => getRecording(app.db, request.params.id, readerOf(request.user)),
  );

  app.post(
    '/recordings/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Make an audio or video file a recording of an informant (members)',
        body: RecordingInput,
        response: { 201: RecordingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const recording = await createRecording(app.db, currentUser(request), request.body);
      return reply.code(201).send(recording);
    },
  );

  app.patch(
    '/recordings/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "Change a recording's informant, persons, place or date (staff or file owner)",
        params: RecordingIdParams,
        body: RecordingPatchInput,
        response: { 200: RecordingSchema, ...errors },
      },
    },
    async (request) =>
      updateRecording(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/recordings/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove a recording (the file stays) — staff or the file owner',
        params: RecordingIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRecording(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/informants/',
    {
      schema: {
        tags,
        summary: 'Informant sources by title, with recordings and the persons most told of',
        description: guests,
        querystring: InformantsQuery,
        response: { 200: InformantsPageSchema, 400: BadRequestErrorSchema },
      },
    },
    async (request) => {
      const { count, results } = await listInformants(app.db, request.query, viewerOf(request));
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/informants/conflicts/',
    {
      schema: {
        tags,
        summary: 'Where informants disagree on a birth or death year (source_id: one of them)',
        description: guests,
        querystring: ConflictsQuery,
        response: { 200: InformantConflictsPageSchema, 400: BadRequestErrorSchema },
      },
    },
    async (request) => {
      const { count, results } = await listConflicts(
        app.db,
        request.query,
        viewerOf(request),
        request.query.source_id,
      );
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/informants/:id/',
    {
      schema: {
        tags,
        summary: 'An informant source: who, when and where told, the persons told of',
        description: guests,
        params: RecordIdParams,
        response: { 200: InformantSchema, ...errors },
      },
    },
    async (request) => getInformant(app.db, request.params.id, viewerOf(request)),
  );
};
