import type { DescendantChart, Pedigree } from '@bagysh/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The answers are typed by the shared schemas but not parsed with them here: the person
// schemas live in the chunk the /search page loads, and a chart page that parsed with them would
// split that chunk (costing /search its budget) for a check the server has already made.

/**
 * Under the genealogy pages' root key, so that a change to the tree (which invalidates
 * ['genealogy']) refreshes the charts too.
 */
export const chartKeys = {
  pedigree: (id: number, generations: number) =>
    ['genealogy', 'pedigree', id, generations] as const,
  descendants: (id: number, generations: number) =>
    ['genealogy', 'descendant-chart', id, generations] as const,
};

export function fetchPedigree(id: number, generations: number, signal?: AbortSignal) {
  return api<Pedigree>(`persons/${id}/pedigree/`, { query: { generations }, signal });
}

export function getPedigreeQueryOptions(id: number, generations: number) {
  return queryOptions({
    queryKey: chartKeys.pedigree(id, generations),
    queryFn: ({ signal }) => fetchPedigree(id, generations, signal),
    staleTime: 30_000,
  });
}

export function usePedigree(id: number, generations: number) {
  return useQuery(getPedigreeQueryOptions(id, generations));
}

export function fetchDescendantChart(id: number, generations: number, signal?: AbortSignal) {
  return api<DescendantChart>(`persons/${id}/descendant-chart/`, {
    query: { generations },
    signal,
  });
}

export function getDescendantChartQueryOptions(id: number, generations: number) {
  return queryOptions({
    queryKey: chartKeys.descendants(id, generations),
    queryFn: ({ signal }) => fetchDescendantChart(id, generations, signal),
    staleTime: 30_000,
  });
}

export function useDescendantChart(id: number, generations: number) {
  return useQuery(getDescendantChartQueryOptions(id, generations));
}
