import type { ArticlesPageSchema, ArticlesListQuery, NewsPageSchema } from '@bagysh/shared';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The two kinds of post behind one shape (docs/decisions/003). */
export type PostKind = 'article' | 'news';

type ArticlesPage = z.infer<typeof ArticlesPageSchema>;
type NewsPage = z.infer<typeof NewsPageSchema>;

export const postBase: Record<PostKind, string> = { article: 'person-articles/', news: 'news/' };

/** Filters of a list as the UI keeps them (all optional; strings from the URL). */
export type PostListFilters = Partial<
  Pick<ArticlesListQuery, 'page' | 'page_size' | 'category' | 'q' | 'mine' | 'status' | 'person'>
>;

export const postKeys = {
  all: (kind: PostKind) => ['content', kind] as const,
  list: (kind: PostKind, filters: PostListFilters) => ['content', kind, 'list', filters] as const,
  item: (kind: PostKind, id: number) => ['content', kind, 'item', id] as const,
};

// Typed, not parsed: the landing page shows the latest of both and loads no zod (issue 14's
// page budget); the server has serialized them through the same schemas. The items, which the
// forms save, are in posts.ts.

export function fetchArticles(filters: PostListFilters, signal?: AbortSignal) {
  return api<ArticlesPage>(postBase.article, { query: filters, signal });
}

export function fetchNewsList(filters: PostListFilters, signal?: AbortSignal) {
  const { person: _person, ...rest } = filters;
  return api<NewsPage>(postBase.news, { query: rest, signal });
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
