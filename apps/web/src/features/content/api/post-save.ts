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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postBase, postKeys, type PostKind } from './post-lists';

// The post form's saves, apart from posts.ts: they parse the answer, and the pages that only
// show a post load no zod.

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
