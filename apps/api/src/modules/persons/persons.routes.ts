import {
  AncestorsSchema,
  ChildrenQuery,
  CreatePersonInput,
  DeletePersonQuery,
  DescendantChartQuery,
  DescendantChartSchema,
  DescendantsQuery,
  DescendantsSchema,
  ListPersonsQuery,
  paginatedSchema,
  PedigreeQuery,
  PedigreeSchema,
  PersonIdParams,
  PersonFamilySchema,
  PersonListSchema,
  PersonRevisionsQuery,
  PersonSchema,
  PersonSummarySchema,
  RevisionListSchema,
  RevisionSchema,
  UpdatePersonInput,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated, requestUrl } from '../../lib/pagination';
import { currentUser, requireUser } from '../../plugins/auth';
import { personKind } from '../../genealogy/proposals/person-kind';
import { getRevision, listRevisions } from '../../genealogy/proposals/person-revisions';
import { submitProposal } from '../../genealogy/proposals/proposals';
import { readDescendantChart, readPedigree } from '../../genealogy/charts';
import { getPersonFamily } from './person-family.service';
import { viewerOf } from '../../genealogy/privacy';
import { survivorOf } from '../../genealogy/person-merge';
import { HttpError } from '../../lib/http-errors';
import {
  getPerson,
  listAncestors,
  listChildren,
  listDescendants,
  listPersons,
} from './persons.service';

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

const tags = ['persons'];
const security = [{ bearer: [] }];

/**
 * The санжыра's persons. Reads are public (living persons show name and lineage
 * only to guests); a member's change is a pending proposal (202 with the revision), a
 * moderator's applies at once.
 */
export const personsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/persons/',
    {
      schema: {
        tags,
        summary: 'Persons by name (ICU order) or birth year, with filters; keyset pages',
        querystring: ListPersonsQuery,
        response: { 200: PersonListSchema },
      },
    },
    async (request) => {
      const page = await listPersons(app.db, request.query, viewerOf(request));
      const link = (cursor: string | null) => {
        if (cursor === null) return null;
        const url = requestUrl(request);
        url.searchParams.delete('page');
        url.searchParams.set('cursor', cursor);
        return url.toString();
      };
      return {
        count: page.count,
        next: link(page.next),
        previous: link(page.previous),
        results: page.results,
      };
    },
  );

  app.post(
    '/persons/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a person (a member proposes: 202 with the pending revision)',
        body: CreatePersonInput,
        response: { 201: PersonSchema, 202: RevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, personKind, {
        action: 'create',
        fields: request.body,
      });
      if (result.status === 'pending') {
        return reply.code(202).send(await getRevision(app.db, result.revisionId, user));
      }
      return reply.code(201).send(await getPerson(app.db, result.id ?? 0, viewerOf(request)));
    },
  );

  app.get(
    '/persons/:id/',
    {
      schema: {
        tags,
        summary: 'One person with parents, spouses and clan',
        params: PersonIdParams,
        response: { 200: PersonSchema },
      },
    },
    async (request) => {
      try {
        return await getPerson(app.db, request.params.id, viewerOf(request));
      } catch (error) {
        // A merged-away id answers with the person it was merged into (person-merge.ts).
        const survivor = isNotFound(error)
          ? await survivorOf(app.db, request.params.id)
          : undefined;
        if (survivor === undefined) throw error;
        return getPerson(app.db, survivor, viewerOf(request));
      }
    },
  );

  app.patch(
    '/persons/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change a person at `version` (stale → 409; a member proposes: 202)',
        params: PersonIdParams,
        body: UpdatePersonInput,
        response: { 200: PersonSchema, 202: RevisionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, personKind, {
        action: 'update',
        id: request.params.id,
        changes: request.body,
      });
      if (result.status === 'pending') {
        return reply.code(202).send(await getRevision(app.db, result.revisionId, user));
      }
      return reply.code(200).send(await getPerson(app.db, request.params.id, viewerOf(request)));
    },
  );

  app.delete(
    '/persons/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Delete a person; children must move to `reparent_children_to` (a member proposes: 202)',
        params: PersonIdParams,
        querystring: DeletePersonQuery,
        response: { 202: RevisionSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await submitProposal(app.db, user, personKind, {
        action: 'delete',
        id: request.params.id,
        options: {
          reparentTo: request.query.reparent_children_to,
          version: request.query.version,
        },
      });
      if (result.status === 'pending') {
        return reply.code(202).send(await getRevision(app.db, result.revisionId, user));
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/persons/:id/children/',
    {
      schema: {
        tags,
        summary: 'Children (through either parent), each with their own child count',
        params: PersonIdParams,
        querystring: ChildrenQuery,
        response: { 200: paginatedSchema(PersonSummarySchema) },
      },
    },
    async (request) => {
      const result = await listChildren(
        app.db,
        request.params.id,
        request.query,
        viewerOf(request),
      );
      return paginated(request, request.query, result.count, result.results);
    },
  );

  app.get(
    '/persons/:id/family/',
    {
      schema: {
        tags,
        summary: 'Parents (birth, adoptive…), spouses with their events and children, siblings',
        params: PersonIdParams,
        response: { 200: PersonFamilySchema },
      },
    },
    async (request) => getPersonFamily(app.db, request.params.id, viewerOf(request)),
  );

  app.get(
    '/persons/:id/ancestors/',
    {
      schema: {
        tags,
        summary: 'The line from the father up to the root, father first',
        params: PersonIdParams,
        response: { 200: AncestorsSchema },
      },
    },
    async (request) => listAncestors(app.db, request.params.id, viewerOf(request)),
  );

  app.get(
    '/persons/:id/descendants/',
    {
      schema: {
        tags,
        summary: 'Descendants down to `depth` generations (at most `limit`); says when cut',
        params: PersonIdParams,
        querystring: DescendantsQuery,
        response: { 200: DescendantsSchema },
      },
    },
    async (request) => listDescendants(app.db, request.params.id, request.query, viewerOf(request)),
  );

  app.get(
    '/persons/:id/pedigree/',
    {
      schema: {
        tags,
        summary: 'The pedigree chart: ancestors on both sides up to `generations` above',
        params: PersonIdParams,
        querystring: PedigreeQuery,
        response: { 200: PedigreeSchema },
      },
    },
    async (request) => readPedigree(app.db, request.params.id, request.query, viewerOf(request)),
  );

  app.get(
    '/persons/:id/descendant-chart/',
    {
      schema: {
        tags,
        summary: 'The descendant chart: children through sons and daughters, `generations` below',
        params: PersonIdParams,
        querystring: DescendantChartQuery,
        response: { 200: DescendantChartSchema },
      },
    },
    async (request) =>
      readDescendantChart(app.db, request.params.id, request.query, viewerOf(request)),
  );

  app.get(
    '/persons/:id/revisions/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The person's history: every applied, pending and rejected revision",
        params: PersonIdParams,
        querystring: PersonRevisionsQuery,
        response: { 200: RevisionListSchema },
      },
    },
    async (request) => {
      const result = await listRevisions(
        app.db,
        { ...request.query, person: request.params.id },
        currentUser(request),
        { ownOnly: false },
      );
      return paginated(request, request.query, result.count, result.results);
    },
  );
};
