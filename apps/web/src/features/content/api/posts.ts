import type { Article, ArticlePatchInput, News, NewsPatchInput } from '@bagysh/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postBase, postKeys, type PostKind } from './post-lists';

/*
 * What an article's or a news item's page uses: its read, a moderator's status change and the
 * deletion, typed, not parsed (the server serializes them through the shared schemas), so that
 * the page loads no zod. The form's saves are in post-save.ts.
 */

export function getArticleQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.item('article', id),
    queryFn: ({ signal }) => api<Article>(`${postBase.article}${id}/`, { signal }),
  });
}

export function getNewsItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.item('news', id),
    queryFn: ({ signal }) => api<News>(`${postBase.news}${id}/`, { signal }),
  });
}

export function useArticle(id: number, enabled = true) {
  return useQuery({ ...getArticleQueryOptions(id), enabled });
}

export function useNewsItem(id: number, enabled = true) {
  return useQuery({ ...getNewsItemQueryOptions(id), enabled });
}

/** A moderator's publication (or any status change) of an existing post. */
export function useSetPostStatus(kind: PostKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'draft' | 'pending' | 'published' }) =>
      api<Article | News>(`${postBase[kind]}${id}/`, {
        method: 'PATCH',
        body: { status } satisfies ArticlePatchInput & NewsPatchInput,
      }),
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
