import {
  StewardBranchesSchema,
  UserAdminSchema,
  UsersPageSchema,
  type UserAdminUpdateInput,
  type UsersListQuery,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const USERS_PAGE_SIZE = 20;

type UsersQuery = Pick<UsersListQuery, 'page' | 'q'>;

export function getUsersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: ['accounts', 'users', query] as const,
    queryFn: ({ signal }) =>
      api('users/', {
        query: { page: query.page, page_size: USERS_PAGE_SIZE, q: query.q },
        schema: UsersPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery(getUsersQueryOptions(query));
}

/** `PATCH users/{id}/`: a role (admin) or blocking (admin, moderator). */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UserAdminUpdateInput }) =>
      api(`users/${id}/`, { method: 'PATCH', body: input, schema: UserAdminSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['accounts', 'users'] }),
  });
}

const branchesKey = (userId: number | 'me') => ['accounts', 'branches', userId] as const;

/** The branches a member keeps as a steward (admins; `'me'`: the signed-in member's own). */
export function useStewardBranches(userId: number | 'me', enabled = true) {
  return useQuery({
    queryKey: branchesKey(userId),
    queryFn: ({ signal }) =>
      api(userId === 'me' ? 'user/branches/' : `users/${userId}/branches/`, {
        schema: StewardBranchesSchema,
        signal,
      }),
    enabled,
  });
}

/** Adds (`personId`) or takes away (`remove`) a member's branch (admins). */
export function useChangeStewardBranch(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, remove }: { personId: number; remove?: boolean }) =>
      remove
        ? api(`users/${userId}/branches/${personId}/`, {
            method: 'DELETE',
            schema: StewardBranchesSchema,
          })
        : api(`users/${userId}/branches/`, {
            method: 'POST',
            body: { person_id: personId },
            schema: StewardBranchesSchema,
          }),
    onSuccess: (branches) => client.setQueryData(branchesKey(userId), branches),
  });
}
