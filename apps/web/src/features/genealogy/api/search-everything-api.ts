import type { SearchEverythingResponse, SearchKind } from '@bagysh/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const searchEverythingKeys = {
  all: ['search-everything'] as const,
  query: (q: string, kind?: SearchKind, page = 1) =>
    [...searchEverythingKeys.all, q, kind ?? 'all', page] as const,
};

/** Every kind's first page, or one kind's page `page`. */
export function fetchSearchEverything(
  q: string,
  kind?: SearchKind,
  page = 1,
  signal?: AbortSignal,
) {
  return api<SearchEverythingResponse>('search/everything/', {
    query: { q, kind, page: kind ? page : undefined },
    signal,
  });
}

export function getSearchEverythingQueryOptions(q: string, kind?: SearchKind, page = 1) {
  return queryOptions({
    queryKey: searchEverythingKeys.query(q, kind, page),
    queryFn: ({ signal }) => fetchSearchEverything(q, kind, page, signal),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useSearchEverything(q: string, kind?: SearchKind, page = 1) {
  return useQuery(getSearchEverythingQueryOptions(q, kind, page));
}
