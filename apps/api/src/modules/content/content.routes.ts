import {
  ArticleInput,
  ArticlePatchInput,
  ArticleSchema,
  ArticlesListQuery,
  ArticlesPageSchema,
  ContentIdParams,
  NewsInput,
  NewsListQuery,
  NewsPageSchema,
  NewsPatchInput,
  NewsSchema,
  RejectInput,
  ReviewInput,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../../plugins/auth';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  reviewArticle,
  updatePost,
} from './content.service';
import { paginated } from '../../lib/pagination';

const security = [{ bearer: [] }];

/**
 * Articles about notable persons (Багыш мыктылары). Anyone reads published ones; members
 * write articles that wait for moderation; authors edit and delete their own unpublished
 * ones; moderators and admins publish, edit and delete any.
 */
export const personArticlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['person-articles'];

  app.get(
    '/person-articles/',
    {
      schema: {
        tags,
        summary:
          'Published articles, newest first (mine=1: my own of any status; status=: moderators)',
        querystring: ArticlesListQuery,
        response: { 200: ArticlesPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listPosts(app.db, 'article', request.query, request.user);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/person-articles/:id/',
    {
      schema: {
        tags,
        summary: 'One article (unpublished ones: their author and moderators only)',
        params: ContentIdParams,
        response: { 200: ArticleSchema },
      },
    },
    async (request) => getPost(app.db, 'article', request.params.id, request.user),
  );

  app.post(
    '/person-articles/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "Write an article (a member's goes to moderation: pending, or draft)",
        body: ArticleInput,
        response: { 201: ArticleSchema },
      },
    },
    async (request, reply) => {
      const article = await createPost(app.db, 'article', request.body, currentUser(request));
      return reply.code(201).send(article);
    },
  );

  app.patch(
    '/person-articles/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          "Edit an article (the author's own, or any for moderators); a member's edit of a published article sends it back to moderation",
        params: ContentIdParams,
        body: ArticlePatchInput,
        response: { 200: ArticleSchema },
      },
    },
    async (request) =>
      updatePost(app.db, 'article', request.params.id, request.body, currentUser(request)),
  );

  app.post(
    '/person-articles/:id/accept/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: "Publish a member's pending article; its author is told, with the comment",
        params: ContentIdParams,
        body: ReviewInput.nullish(),
        response: { 200: ArticleSchema },
      },
    },
    async (request) =>
      reviewArticle(
        app.db,
        request.params.id,
        currentUser(request),
        'accepted',
        request.body?.comment,
      ),
  );

  app.post(
    '/person-articles/:id/reject/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Turn a pending article down with a comment: it goes back to its author as a draft',
        params: ContentIdParams,
        body: RejectInput,
        response: { 200: ArticleSchema },
      },
    },
    async (request) =>
      reviewArticle(
        app.db,
        request.params.id,
        currentUser(request),
        'rejected',
        request.body.comment,
      ),
  );

  app.delete(
    '/person-articles/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete an article (the author while unpublished, or a moderator)',
        params: ContentIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePost(app.db, 'article', request.params.id, currentUser(request));
      return reply.code(204).send(null);
    },
  );
};

/** News: anyone reads published items; moderators and admins write, edit and delete them. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['news'];

  app.get(
    '/news/',
    {
      schema: {
        tags,
        summary: 'Published news, newest first (status=: moderators)',
        querystring: NewsListQuery,
        response: { 200: NewsPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listPosts(app.db, 'news', request.query, request.user);
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/news/:id/',
    {
      schema: {
        tags,
        summary: 'One news item (unpublished ones: moderators only)',
        params: ContentIdParams,
        response: { 200: NewsSchema },
      },
    },
    async (request) => getPost(app.db, 'news', request.params.id, request.user),
  );

  app.post(
    '/news/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary:
          'Write a news item (moderators and admins; published unless status says otherwise)',
        body: NewsInput,
        response: { 201: NewsSchema },
      },
    },
    async (request, reply) => {
      const item = await createPost(app.db, 'news', request.body, currentUser(request));
      return reply.code(201).send(item);
    },
  );

  app.patch(
    '/news/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Edit a news item (moderators and admins)',
        params: ContentIdParams,
        body: NewsPatchInput,
        response: { 200: NewsSchema },
      },
    },
    async (request) =>
      updatePost(app.db, 'news', request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/news/:id/',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags,
        security,
        summary: 'Delete a news item (moderators and admins)',
        params: ContentIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePost(app.db, 'news', request.params.id, currentUser(request));
      return reply.code(204).send(null);
    },
  );
};
