import type { SearchResponse } from '@bagysh/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchTreeStats } from './plain-reads';

// Typed, not parsed: the landing page takes its figures from this module and loads no zod
// (the first-paint budget); the server has serialized both answers through their schemas.

export function getTreeStatsQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'stats'] as const,
    queryFn: ({ signal }) => fetchTreeStats(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTreeStats() {
  return useQuery(getTreeStatsQueryOptions());
}

/** The person search of the picker (GET /api/search/?q=). */
export function usePersonSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['content', 'person-search', query] as const,
    queryFn: ({ signal }) =>
      api<SearchResponse>('search/', { query: { q: query, limit: 10 }, signal }),
    enabled: query.length >= 2,
    staleTime: 60_000,
  });
}
