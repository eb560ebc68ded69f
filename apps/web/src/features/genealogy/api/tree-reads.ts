import type {
  Ancestors,
  ClanList,
  Person,
  PersonList,
  PersonSummary,
  SearchResponse,
} from '@bagysh/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { genealogyKeys } from './genealogy-keys';

// The reads of the search page's first paint (the name search and the tree: persons, their
// ancestors and children, the tribe's root) are typed, not parsed: that page loads no zod
// (the first-paint budget), and the server has serialized them through the same schemas.

export function fetchSearch(q: string, signal?: AbortSignal) {
  return api<SearchResponse>('search/', { query: { q, limit: 10 }, signal });
}

export function getSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: genealogyKeys.search(q),
    queryFn: ({ signal }) => fetchSearch(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  });
}

export function useSearch(q: string) {
  return useQuery(getSearchQueryOptions(q));
}

export function fetchPerson(id: number, signal?: AbortSignal) {
  return api<Person>(`persons/${id}/`, { signal });
}

export function getPersonQueryOptions(id: number) {
  return queryOptions({
    queryKey: genealogyKeys.person(id),
    queryFn: ({ signal }) => fetchPerson(id, signal),
    staleTime: 30_000,
  });
}

export function usePerson(id: number | null) {
  return useQuery({ ...getPersonQueryOptions(id ?? 0), enabled: id !== null });
}

export function fetchAncestors(id: number, signal?: AbortSignal) {
  return api<Ancestors>(`persons/${id}/ancestors/`, { signal });
}

export function getAncestorsQueryOptions(id: number) {
  return queryOptions({
    queryKey: genealogyKeys.ancestors(id),
    queryFn: ({ signal }) => fetchAncestors(id, signal),
    staleTime: 30_000,
  });
}

export function useAncestors(id: number | null) {
  return useQuery({ ...getAncestorsQueryOptions(id ?? 0), enabled: id !== null });
}

/** Every child of a person (the API's largest page; the tree draws them all). */
export async function fetchChildren(id: number, signal?: AbortSignal): Promise<PersonSummary[]> {
  const results: PersonSummary[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<PersonList>(`persons/${id}/children/`, {
      query: { page, page_size: 100 },
      signal,
    });
    results.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return results;
  }
}

/**
 * The tribe's root: the father line above the first top-level clan's founder, or else the
 * first-generation person with the most children.
 */
export async function fetchTribeRoot(signal?: AbortSignal): Promise<PersonSummary | null> {
  const clans = await api<ClanList>('clans/', { query: { page_size: 10 }, signal });
  const founder = clans.results.find((clan) => clan.parent === null)?.founder;
  if (founder) {
    const chain = await fetchAncestors(founder.id, signal);
    const top = chain.results.at(-1);
    if (top) return top;
  }
  const firsts = await api<PersonList>('persons/', {
    query: { generation: 1, page_size: 100 },
    signal,
  });
  let best: PersonSummary | null = null;
  for (const person of firsts.results) {
    if (!best || person.child_count > best.child_count) best = person;
  }
  if (founder && (!best || best.child_count === 0)) return await fetchPerson(founder.id, signal);
  return best;
}

export function useTribeRoot(enabled: boolean) {
  return useQuery({
    queryKey: ['genealogy', 'root'],
    queryFn: ({ signal }) => fetchTribeRoot(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
