import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchArticles,
  fetchNewsList,
  postKeys,
  type ArticlesPage,
  type NewsPage,
  type PostKind,
  type PostListFilters,
} from './plain-reads';

export { postBase, postKeys, type PostKind, type PostListFilters } from './plain-reads';

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
