import {
  RecordIdParams,
  RecordRevisionSchema,
  NoteInput,
  NotePatchInput,
  NoteSchema,
  NotesListQuery,
  NotesPageSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '../../lib/pagination';
import { currentUser, requireUser } from '../../plugins/auth';
import { viewerOf } from '../../genealogy/privacy';
import { submitProposal } from '../../genealogy/proposals/proposals';
import { RECORD_PROPOSAL_KINDS } from '../../genealogy/proposals/record-kinds';
import { sendSubmitted } from './submitted-reply';
import { getNote, listNotes } from '../../genealogy/records/notes';

const tags = ['notes'];
const security = [{ bearer: [] }];

/**
 * Shared notes: members list them; a guest reads one only when it is not private and
 * linked to no living person (notes.service.ts); a moderator's change applies at once, a
 * member's is a proposal (202 with the pending revision).
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notes/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Shared notes, newest first (members), q in the text',
        querystring: NotesListQuery,
        response: { 200: NotesPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listNotes(app.db, request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/notes/:id/',
    {
      schema: {
        tags,
        summary: 'One note (a guest: not private and linked to no living person)',
        params: RecordIdParams,
        response: { 200: NoteSchema },
      },
    },
    async (request) => getNote(app.db, request.params.id, viewerOf(request)),
  );

  app.post(
    '/notes/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a note (a member proposes: 202 with the pending revision)',
        body: NoteInput,
        response: { 201: NoteSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.note, {
        action: 'create',
        fields: request.body,
      });
      return sendSubmitted(reply, app.db, user, result, 201, (id) =>
        getNote(app.db, id, viewerOf(request)),
      );
    },
  );

  app.patch(
    '/notes/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change a note (a member proposes: 202)',
        params: RecordIdParams,
        body: NotePatchInput,
        response: { 200: NoteSchema, 202: RecordRevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.note, {
        action: 'update',
        id: request.params.id,
        changes: request.body,
      });
      return sendSubmitted(reply, app.db, user, result, 200, (id) =>
        getNote(app.db, id, viewerOf(request)),
      );
    },
  );

  app.delete(
    '/notes/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a note: refused (409) while records link it (a member proposes: 202)',
        params: RecordIdParams,
        response: { 202: RecordRevisionSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, RECORD_PROPOSAL_KINDS.note, {
        action: 'delete',
        id: request.params.id,
        options: {},
      });
      return sendSubmitted(reply, app.db, user, result, 204);
    },
  );
};
