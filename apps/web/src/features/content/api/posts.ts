import {
  ArticleSchema,
  NewsSchema,
  type Article,
  type ArticleInput,
  type ArticlePatchInput,
  type News,
  type NewsInput,
  type NewsPatchInput,
} from '@bagysh/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postBase, postKeys, type PostKind } from './post-lists';

export function getArticleQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.item('article', id),
    queryFn: ({ signal }) => api(`${postBase.article}${id}/`, { signal, schema: ArticleSchema }),
  });
}

export function getNewsItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.item('news', id),
    queryFn: ({ signal }) => api(`${postBase.news}${id}/`, { signal, schema: NewsSchema }),
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
    ? api(postBase.article, { method: 'POST', body: input, schema: ArticleSchema })
    : api(`${postBase.article}${id}/`, { method: 'PATCH', body: input, schema: ArticleSchema });
}

export function saveNews(id: number | null, input: NewsInput | NewsPatchInput) {
  return id === null
    ? api(postBase.news, { method: 'POST', body: input, schema: NewsSchema })
    : api(`${postBase.news}${id}/`, { method: 'PATCH', body: input, schema: NewsSchema });
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
    mutationFn: (id: number) => api<void>(`${postBase[kind]}${id}/`, { method: 'DELETE' }),
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: postKeys.item(kind, id) });
      void client.invalidateQueries({ queryKey: [...postKeys.all(kind), 'list'] });
    },
  });
}
