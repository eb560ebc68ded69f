import { PersonFamilySchema, SourceSchema } from '@bagysh/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { genealogyKeys } from './genealogy-api';

/*
 * Reads of the person page only, apart from genealogy-api.ts: the home and search pages load
 * that module in their first paint, and these schemas need not come with it.
 */

/** Parents, spouses with their children, and siblings of the person page. */
export function useFamily(id: number) {
  return useQuery({
    queryKey: genealogyKeys.family(id),
    queryFn: ({ signal }) => api(`persons/${id}/family/`, { signal, schema: PersonFamilySchema }),
    staleTime: 30_000,
  });
}

/** A whole source, when a citation mark is opened. */
export function useSource(id: number | null) {
  return useQuery({
    queryKey: genealogyKeys.source(id ?? 0),
    queryFn: ({ signal }) => api(`sources/${id}/`, { signal, schema: SourceSchema }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
