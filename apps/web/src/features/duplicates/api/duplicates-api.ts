import {
  ClanListSchema,
  DuplicateListSchema,
  DuplicateRunSchema,
  type DuplicateList,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Pairs per page of the finder. */
export const DUPLICATES_PAGE_SIZE = 20;
/** How often the list is asked again while its job is queued or running. */
const POLL_MS = 2000;

export interface DuplicateFilters {
  page: number;
  clan?: number;
  branch?: number;
}

export const duplicatesKeys = {
  all: ['duplicates'] as const,
  list: (filters: DuplicateFilters) => ['duplicates', 'list', filters] as const,
  clans: ['duplicates', 'clans'] as const,
};

const running = (data: DuplicateList | undefined) =>
  data?.run?.status === 'queued' || data?.run?.status === 'running';

export function getDuplicatesQueryOptions(filters: DuplicateFilters) {
  return queryOptions({
    queryKey: duplicatesKeys.list(filters),
    queryFn: ({ signal }) =>
      api('persons/duplicates/', {
        query: { ...filters, page_size: DUPLICATES_PAGE_SIZE },
        signal,
        schema: DuplicateListSchema,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (running(query.state.data) ? POLL_MS : false),
    retry: 1,
  });
}

export function useDuplicates(filters: DuplicateFilters) {
  return useQuery(getDuplicatesQueryOptions(filters));
}

/** The clans for the filter (hundreds at most: one page of 100). */
export function useClanChoices() {
  return useQuery({
    queryKey: duplicatesKeys.clans,
    queryFn: ({ signal }) =>
      api('clans/', { query: { page_size: 100 }, signal, schema: ClanListSchema }),
    staleTime: 60_000,
  });
}

export interface PairIds {
  a: number;
  b: number;
}

/** "Бул башка адам", or its undo (`undo: true`). */
export function useNotSame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ a, b, undo = false }: PairIds & { undo?: boolean }) =>
      api('persons/duplicates/not-same/', { method: undo ? 'DELETE' : 'POST', body: { a, b } }),
    onSuccess: () => client.invalidateQueries({ queryKey: duplicatesKeys.all }),
  });
}

/** Queues a run of the finder (`full`: everything again). */
export function useRefreshDuplicates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (full: boolean) =>
      api('persons/duplicates/refresh/', {
        method: 'POST',
        body: { full },
        schema: DuplicateRunSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: duplicatesKeys.all }),
  });
}
