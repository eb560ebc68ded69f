import { FileSchema, SearchResponseSchema, TreeStatsSchema } from '@bagysh/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getTreeStatsQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'stats'] as const,
    queryFn: ({ signal }) => api('stats/', { signal, schema: TreeStatsSchema }),
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
      api('search/', { query: { q: query, limit: 10 }, signal, schema: SearchResponseSchema }),
    enabled: query.length >= 2,
    staleTime: 60_000,
  });
}

/** Uploads an image as a public file (covers and body images must be visible to guests). */
export async function uploadPublicImage(file: File) {
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('file', file);
  return api('files/', { method: 'POST', body: form, schema: FileSchema });
}
