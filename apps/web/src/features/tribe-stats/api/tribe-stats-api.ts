import { TribeStatsSchema } from '@bagysh/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const tribeStatsKeys = { all: ['stats', 'tribe'] as const };

export function getTribeStatsQueryOptions() {
  return queryOptions({
    queryKey: tribeStatsKeys.all,
    queryFn: ({ signal }) => api('stats/tribe/', { signal, schema: TribeStatsSchema }),
    retry: 1,
  });
}

/** The tribe's figures as the server lets this viewer see them (a guest's are merged). */
export function useTribeStats() {
  return useQuery(getTribeStatsQueryOptions());
}
