import type {
  ArticlesPageSchema,
  ArticlesListQuery,
  NewsPageSchema,
  TreeStats,
} from '@bagysh/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

// The content's reads the landing page makes, without TanStack Query (lib/use-fetched.ts): the
// page's first paint loads none of it (the first-paint budget). The queries of the other pages
// wrap them (post-lists.ts, misc.ts).

/** The two kinds of post behind one shape (docs/decisions/003). */
export type PostKind = 'article' | 'news';

export type ArticlesPage = z.infer<typeof ArticlesPageSchema>;
export type NewsPage = z.infer<typeof NewsPageSchema>;

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

// Typed, not parsed: the landing page shows the latest of both and loads no zod, nor TanStack
// Query (this module: the first-paint budget); the server has serialized them through the same
// schemas. The lists' queries are in post-lists.ts, the items, which the forms save, in posts.ts.

export function fetchArticles(filters: PostListFilters, signal?: AbortSignal) {
  return api<ArticlesPage>(postBase.article, { query: filters, signal });
}

export function fetchNewsList(filters: PostListFilters, signal?: AbortSignal) {
  const { person: _person, ...rest } = filters;
  return api<NewsPage>(postBase.news, { query: rest, signal });
}

/** The tree's figures (GET /api/stats/). */
export function fetchTreeStats(signal?: AbortSignal) {
  return api<TreeStats>('stats/', { signal });
}
