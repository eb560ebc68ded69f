import {
  ArticleSchema,
  ArticlesPageSchema,
  NewsPageSchema,
  NewsSchema,
  type Article,
  type ArticleInput,
  type ArticlePatchInput,
  type ArticlesListQuery,
  type News,
  type NewsInput,
  type NewsPatchInput,
} from '@bagysh/shared';
import type { z } from 'zod';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The two kinds of post behind one shape (docs/decisions/003). */
export type PostKind = 'article' | 'news';

type ArticlesPage = z.infer<typeof ArticlesPageSchema>;
type NewsPage = z.infer<typeof NewsPageSchema>;

const base: Record<PostKind, string> = { article: 'person-articles/', news: 'news/' };

/** Filters of a list as the UI keeps them (all optional; strings from the URL). */
export type PostListFilters = Partial<
  Pick<ArticlesListQuery, 'page' | 'page_size' | 'category' | 'q' | 'mine' | 'status' | 'person'>
>;

export const postKeys = {
  all: (kind: PostKind) => ['content', kind] as const,
  list: (kind: PostKind, filters: PostListFilters) => ['content', kind, 'list', filters] as const,
  item: (kind: PostKind, id: number) => ['content', kind, 'item', id] as const,
};

export function fetchArticles(filters: PostListFilters, signal?: AbortSignal) {
  return api(base.article, { query: filters, signal, schema: ArticlesPageSchema });
}

export function fetchNewsList(filters: PostListFilters, signal?: AbortSignal) {
  const { person: _person, ...rest } = filters;
  return api(base.news, { query: rest, signal, schema: NewsPageSchema });
}

export function getArticlesQueryOptions(filters: PostListFilters) {
  return queryOptions({
    queryKey: postKeys.list('article', filters),
    queryFn: ({ signal }) => fetchArticles(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function getNewsListQueryOptions(filters: PostListFilters) {
  return queryOptions({
    queryKey: postKeys.list('news', filters),
    queryFn: ({ signal }) => fetchNewsList(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useArticles(filters: PostListFilters) {
  return useQuery(getArticlesQueryOptions(filters));
}

export function useNewsList(filters: PostListFilters) {
  return useQuery(getNewsListQueryOptions(filters));
}

/** Either list, by kind (one request). */
export function usePostList(kind: PostKind, filters: PostListFilters) {
  return useQuery<ArticlesPage | NewsPage>({
    queryKey: postKeys.list(kind, filters),
    queryFn: ({ signal }) =>
      kind === 'article' ? fetchArticles(filters, signal) : fetchNewsList(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function getArticleQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.item('article', id),
    queryFn: ({ signal }) => api(`${base.article}${id}/`, { signal, schema: ArticleSchema }),
  });
}

export function getNewsItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.item('news', id),
    queryFn: ({ signal }) => api(`${base.news}${id}/`, { signal, schema: NewsSchema }),
  });
}

export function useArticle(id: number, enabled = true) {
  return useQuery({ ...getArticleQueryOptions(id), enabled });
}

export function useNewsItem(id: number, enabled = true) {
  return useQuery({ ...getNewsItemQueryOptions(id), enabled });
}

export function saveArticle(id: number | null, input: ArticleInput | ArticlePatchInput) {
  return id === null
    ? api(base.article, { method: 'POST', body: input, schema: ArticleSchema })
    : api(`${base.article}${id}/`, { method: 'PATCH', body: input, schema: ArticleSchema });
}

export function saveNews(id: number | null, input: NewsInput | NewsPatchInput) {
  return id === null
    ? api(base.news, { method: 'POST', body: input, schema: NewsSchema })
    : api(`${base.news}${id}/`, { method: 'PATCH', body: input, schema: NewsSchema });
}

/** Creates or updates a post; the lists and the item are refetched afterwards. */
export function useSavePost<K extends PostKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArticleInput | NewsInput }) =>
      (kind === 'article' ? saveArticle(id, input) : saveNews(id, input)) as Promise<
        K extends 'article' ? Article : News
      >,
    onSuccess: (post) => {
      client.setQueryData(postKeys.item(kind, post.id), post);
      void client.invalidateQueries({ queryKey: [...postKeys.all(kind), 'list'] });
    },
  });
}

/** A moderator's publication (or any status change) of an existing post. */
export function useSetPostStatus(kind: PostKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'draft' | 'pending' | 'published' }) =>
      kind === 'article' ? saveArticle(id, { status }) : saveNews(id, { status }),
    onSuccess: (post) => {
      client.setQueryData(postKeys.item(kind, post.id), post);
      void client.invalidateQueries({ queryKey: [...postKeys.all(kind), 'list'] });
    },
  });
}

export function useDeletePost(kind: PostKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${base[kind]}${id}/`, { method: 'DELETE' }),
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: postKeys.item(kind, id) });
      void client.invalidateQueries({ queryKey: [...postKeys.all(kind), 'list'] });
    },
  });
}
