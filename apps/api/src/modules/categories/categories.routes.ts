import {
  CategoriesListQuery,
  CategoriesPageSchema,
  CategoryDeleteQuery,
  CategoryInput,
  CategoryPatchInput,
  CategorySchema,
  ContentIdParams,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../plugins/auth';
import { paginated } from '../../lib/pagination';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.service';
import { optionalSecurity } from '../../plugins/docs';

const tags = ['categories'];
const security = [{ bearer: [] }];

/**
 * Categories of articles, news and files: the list is open to guests (they filter articles and
 * news by it), one category is read by members, and moderators and admins manage them.
 */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories/',
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary:
          'Categories in alphabetical order, optionally of one kind (guests too: list filters)',
        querystring: CategoriesListQuery,
        response: { 200: CategoriesPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listCategories(app.db, request.query);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/categories/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One category',
        params: ContentIdParams,
        response: { 200: CategorySchema },
      },
    },
    async (request) => getCategory(app.db, request.params.id),
  );

  app.post(
    '/categories/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Create a category; the slug is made from the name when not given',
        body: CategoryInput,
        response: { 201: CategorySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCategory(app.db, request.body)),
  );

  app.patch(
    '/categories/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Edit a category (its kind only while nothing uses it)',
        params: ContentIdParams,
        body: CategoryPatchInput,
        response: { 200: CategorySchema },
      },
    },
    async (request) => updateCategory(app.db, request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Delete a category; one in use answers 409 unless ?move_to_none=1 leaves its items without one',
        params: ContentIdParams,
        querystring: CategoryDeleteQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, request.params.id, request.query.move_to_none ?? false);
      return reply.code(204).send(null);
    },
  );
};
