import {
  ClanListSchema,
  ComparisonSchema,
  PersonListSchema,
  RelationsResponseSchema,
  RecordRevisionListSchema,
  RevisionListSchema,
  type CreatePersonInput,
  type ProposalChoice,
  type ListPersonsQuery,
  type Relation,
  type RelationsResponse,
  type UpdatePersonInput,
} from '@bagysh/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

import { genealogyKeys } from './genealogy-keys';

// The pages' modules take everything from here; the search page's reads live apart.
export { genealogyKeys };
export { useAncestors, usePerson } from './tree-reads';

export function fetchComparison(a: number, b: number, signal?: AbortSignal) {
  return api('comparison/', { query: { a, b }, signal, schema: ComparisonSchema });
}

export function useComparison(a: number | null, b: number | null) {
  return useQuery({
    queryKey: genealogyKeys.comparison(a ?? 0, b ?? 0),
    queryFn: ({ signal }) => fetchComparison(a ?? 0, b ?? 0, signal),
    enabled: a !== null && b !== null,
    staleTime: 60_000,
  });
}

export function fetchRelations(a: number, b: number, max: number, signal?: AbortSignal) {
  return api('relations/', { query: { a, b, max }, signal, schema: RelationsResponseSchema });
}

/**
 * Every relation of A and B, the first `max` of them. Until the answer comes, the previous list
 * stays (while more load), or else `first`: the few the comparison already brought.
 */
export function useRelations(a: number, b: number, max: number, first?: readonly Relation[]) {
  return useQuery({
    queryKey: genealogyKeys.relations(a, b, max),
    queryFn: ({ signal }) => fetchRelations(a, b, max, signal),
    staleTime: 60_000,
    placeholderData: (previous, query): RelationsResponse | undefined =>
      query && query.queryKey[2] === a && query.queryKey[3] === b
        ? previous
        : first && { a, b, relations: [...first], truncated: false },
  });
}

/** The list filters the /persons page keeps in its URL. */
export type PersonFilters = Pick<
  ListPersonsQuery,
  'q' | 'clan' | 'generation' | 'living' | 'sex' | 'ordering'
>;

export function getPersonsQueryOptions(filters: PersonFilters) {
  return infiniteQueryOptions({
    queryKey: genealogyKeys.persons(filters),
    queryFn: ({ signal, pageParam }) =>
      api('persons/', {
        query: pageParam
          ? { cursor: pageParam, page_size: 30 }
          : {
              page_size: 30,
              q: filters.q,
              clan: filters.clan,
              generation: filters.generation,
              living: filters.living,
              sex: filters.sex,
              ordering: filters.ordering,
            },
        signal,
        schema: PersonListSchema,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.next ? new URL(last.next, window.location.origin).searchParams.get('cursor') : null,
    placeholderData: keepPreviousData,
  });
}

export function usePersons(filters: PersonFilters) {
  return useInfiniteQuery(getPersonsQueryOptions(filters));
}

export function useRevisions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: genealogyKeys.revisions(id),
    queryFn: ({ signal }) =>
      api(`persons/${id}/revisions/`, {
        query: { page_size: 50 },
        signal,
        schema: RevisionListSchema,
      }),
    enabled,
  });
}

export function usePendingRevisions(enabled: boolean) {
  return useQuery({
    queryKey: genealogyKeys.pending(),
    queryFn: ({ signal }) =>
      api('revisions/', {
        // What the reader may review: everything for staff, a steward's branches.
        query: { status: 'pending', reviewable: 1, page_size: 100 },
        signal,
        schema: RevisionListSchema,
      }),
    enabled,
  });
}

export function useClans() {
  return useQuery({
    queryKey: ['genealogy', 'clans'],
    queryFn: ({ signal }) => api('clans/', { signal, schema: ClanListSchema }),
    staleTime: 5 * 60_000,
  });
}

/** A moderator's change applies (200/201 with the person); a member's is a proposal (202). */
export type SubmitResult = { pending: boolean };

export async function createPerson(input: CreatePersonInput): Promise<SubmitResult> {
  const response = await api<unknown>('persons/', { method: 'POST', body: input });
  return { pending: isPending(response) };
}

export async function updatePerson(id: number, input: UpdatePersonInput): Promise<SubmitResult> {
  const response = await api<unknown>(`persons/${id}/`, { method: 'PATCH', body: input });
  return { pending: isPending(response) };
}

/** A moderator's delete applies at once (204); a member's is a proposal (202). */
export async function deletePerson(id: number, version: number): Promise<SubmitResult> {
  const response = await api<unknown>(`persons/${id}/`, { method: 'DELETE', query: { version } });
  return { pending: isPending(response) };
}

function isPending(response: unknown): boolean {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { status?: unknown }).status === 'pending'
  );
}

/**
 * Accepts a proposal; `resolutions` settles the fields changed since (the 409's `conflicts`),
 * each keeping the proposed or the current value.
 */
export function acceptRevision(
  id: number,
  comment?: string,
  resolutions?: Record<string, ProposalChoice>,
) {
  return api(`revisions/${id}/accept/`, {
    method: 'POST',
    body: { ...(comment ? { comment } : {}), ...(resolutions ? { resolutions } : {}) },
  });
}

/** The signed-in user's own proposals on persons, newest first (the contributions page). */
export function useMyRevisions(page: number) {
  return useQuery({
    queryKey: genealogyKeys.mine('person', page),
    queryFn: ({ signal }) =>
      api('revisions/', {
        query: { mine: 1, page, page_size: 20 },
        signal,
        schema: RevisionListSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's own proposals on places, sources and notes, newest first. */
export function useMyRecordRevisions(page: number) {
  return useQuery({
    queryKey: genealogyKeys.mine('record', page),
    queryFn: ({ signal }) =>
      api('record-revisions/', {
        query: { mine: 1, page, page_size: 20 },
        signal,
        schema: RecordRevisionListSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Proposals on places, sources, notes and transcripts waiting for a moderator (staff only). */
export function usePendingRecordRevisions(enabled: boolean) {
  return useQuery({
    queryKey: [...genealogyKeys.pending(), 'records'],
    queryFn: ({ signal }) =>
      api('record-revisions/', {
        query: { status: 'pending', page_size: 100 },
        signal,
        schema: RecordRevisionListSchema,
      }),
    enabled,
  });
}

export const recordRevisionCalls = (id: number) => ({
  accept: (comment?: string, resolutions?: Record<string, ProposalChoice>) =>
    api(`record-revisions/${id}/accept/`, {
      method: 'POST',
      body: { ...(comment ? { comment } : {}), ...(resolutions ? { resolutions } : {}) },
    }),
  reject: (comment: string) =>
    api(`record-revisions/${id}/reject/`, { method: 'POST', body: { comment } }),
});

export function rejectRevision(id: number, comment: string) {
  return api(`revisions/${id}/reject/`, { method: 'POST', body: { comment } });
}

export function revertRevision(id: number, comment?: string) {
  return api(`revisions/${id}/revert/`, { method: 'POST', body: comment ? { comment } : {} });
}
