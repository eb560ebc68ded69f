import type { ArticlesPageSchema, PersonFamily, Source } from '@bagysh/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { genealogyKeys } from './genealogy-keys';

/*
 * Reads of the person page only, apart from genealogy-api.ts: the home and search pages load
 * that module in their first paint, and these reads need not come with it. They are typed, not
 * parsed, as the search page's (tree-reads.ts): a guest's person page loads no zod, whose
 * schemas cost more to build on a slow phone than the page's own render, and the
 * server has serialized the answers through the same schemas.
 */

/** Parents, spouses with their children, and siblings of the person page. */
export function useFamily(id: number) {
  return useQuery({
    queryKey: genealogyKeys.family(id),
    queryFn: ({ signal }) => api<PersonFamily>(`persons/${id}/family/`, { signal }),
    staleTime: 30_000,
  });
}

/** Articles about a person (GET /person-articles/?person=): the page's last section. */
export function getPersonArticlesQueryOptions(id: number) {
  return queryOptions({
    queryKey: genealogyKeys.articles(id),
    queryFn: ({ signal }) =>
      api<z.infer<typeof ArticlesPageSchema>>('person-articles/', {
        query: { person: id, page_size: 20 },
        signal,
      }),
  });
}

export function usePersonArticles(id: number) {
  return useQuery(getPersonArticlesQueryOptions(id));
}

/** A whole source, when a citation mark is opened. */
export function useSource(id: number | null) {
  return useQuery({
    queryKey: genealogyKeys.source(id ?? 0),
    queryFn: ({ signal }) => api<Source>(`sources/${id}/`, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
