import type { MyPersonClaims, PersonClaim, PersonClaimList, RelationToMe } from '@bagysh/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { genealogyKeys } from './genealogy-keys';

/*
 * "Бул мен" (docs/features.md, This is me): the member's link to their person of the tree,
 * their request, the moderators' queue, and how a person is related to the member. Typed, not
 * parsed, as the person page's other reads (person-page-api.ts).
 */

/** The member's link, waiting request and latest rejection; nothing for a guest. */
export function useMyPersonClaims() {
  const logged = useSessionStore((state) => state.logged);
  return useQuery({
    queryKey: genealogyKeys.myClaims(),
    queryFn: ({ signal }) => api<MyPersonClaims>('person-claims/mine/', { signal }),
    enabled: logged,
    staleTime: 60_000,
  });
}

/**
 * The id of the member's own person: a number when linked, null when not (or a guest),
 * undefined while it loads.
 */
export function useMyPersonId(): number | null | undefined {
  const logged = useSessionStore((state) => state.logged);
  const claims = useMyPersonClaims();
  if (!logged) return null;
  if (claims.isPending) return claims.isError ? null : undefined;
  return claims.data?.linked?.person.id ?? null;
}

/** How the person is related to the member (only asked for a linked member). */
export function useRelationToMe(personId: number, enabled: boolean) {
  return useQuery({
    queryKey: genealogyKeys.relationToMe(personId),
    queryFn: ({ signal }) => api<RelationToMe>(`persons/${personId}/relation-to-me/`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function requestPersonClaim(personId: number, note: string): Promise<PersonClaim> {
  return api<PersonClaim>('person-claims/', {
    method: 'POST',
    body: { person_id: personId, note },
  });
}

export function withdrawPersonClaim(id: number): Promise<PersonClaim> {
  return api<PersonClaim>(`person-claims/${id}/withdraw/`, { method: 'POST' });
}

export function unlinkPersonClaim(id: number): Promise<PersonClaim> {
  return api<PersonClaim>(`person-claims/${id}/unlink/`, { method: 'POST' });
}

export function approvePersonClaim(id: number): Promise<PersonClaim> {
  return api<PersonClaim>(`person-claims/${id}/approve/`, { method: 'POST' });
}

export function rejectPersonClaim(id: number, comment: string): Promise<PersonClaim> {
  return api<PersonClaim>(`person-claims/${id}/reject/`, {
    method: 'POST',
    body: comment ? { comment } : {},
  });
}

/** The requests that wait, oldest first (moderators). */
export function usePendingPersonClaims(enabled: boolean) {
  return useQuery({
    queryKey: genealogyKeys.pendingClaims(),
    queryFn: ({ signal }) =>
      api<PersonClaimList>('person-claims/', {
        query: { status: 'pending', page_size: 100 },
        signal,
      }),
    enabled,
  });
}
