import {
  PollListSchema,
  PollResultsSchema,
  PollSchema,
  UserSchema,
  type CancelPollInput,
  type CreatePollInput,
  type Poll,
  type PollStatus,
  type UpdatePollInput,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Polls per page of the list. */
export const POLLS_PAGE_SIZE = 10;

export const pollKeys = {
  all: ['polls'] as const,
  list: (status: PollStatus | null, page: number) => ['polls', 'list', status, page] as const,
  results: (id: number) => ['polls', 'results', id] as const,
};

export function fetchPolls(status: PollStatus | null, page: number, signal?: AbortSignal) {
  return api('polls/', {
    query: { status, page, page_size: POLLS_PAGE_SIZE },
    signal,
    schema: PollListSchema,
  });
}

export function getPollsQueryOptions(status: PollStatus | null, page: number) {
  return queryOptions({
    queryKey: pollKeys.list(status, page),
    queryFn: ({ signal }) => fetchPolls(status, page, signal),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function usePolls(status: PollStatus | null, page: number) {
  return useQuery(getPollsQueryOptions(status, page));
}

/** Counts with the voters of an open poll (only asked for when the caller may see results). */
export function getPollResultsQueryOptions(id: number) {
  return queryOptions({
    queryKey: pollKeys.results(id),
    queryFn: ({ signal }) => api(`polls/${id}/results/`, { signal, schema: PollResultsSchema }),
    retry: 1,
  });
}

export function usePollResults(id: number, enabled: boolean) {
  return useQuery({ ...getPollResultsQueryOptions(id), enabled });
}

/** The signed-in user's record (for the role when the stored user lacks it). */
export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['polls', 'me'] as const,
    queryFn: ({ signal }) => api('user/', { signal, schema: UserSchema }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}

/** Puts a poll the API answered into every cached list page that shows it. */
function usePutPoll() {
  const client = useQueryClient();
  return (poll: Poll) => {
    client.setQueriesData<{ results: Poll[] }>(
      { queryKey: ['polls', 'list'] },
      (data) =>
        data && {
          ...data,
          results: data.results.map((item) => (item.id === poll.id ? poll : item)),
        },
    );
    void client.invalidateQueries({ queryKey: pollKeys.all });
  };
}

/** Every mutation answers the poll; lists refresh afterwards (a status may have changed). */
function usePollMutation<V>(request: (variables: V) => Promise<Poll>) {
  const putPoll = usePutPoll();
  return useMutation({ mutationFn: request, onSuccess: putPoll });
}

export function useVote(id: number) {
  return usePollMutation((optionIds: number[]) =>
    api(`polls/${id}/vote/`, {
      method: 'POST',
      body: { option_ids: optionIds },
      schema: PollSchema,
    }),
  );
}

export function useWithdrawVote(id: number) {
  return usePollMutation(() => api(`polls/${id}/vote/`, { method: 'DELETE', schema: PollSchema }));
}

export function useFinishPoll(id: number) {
  return usePollMutation(() => api(`polls/${id}/finish/`, { method: 'POST', schema: PollSchema }));
}

export function useCancelPoll(id: number) {
  return usePollMutation((body: CancelPollInput) =>
    api(`polls/${id}/cancel/`, { method: 'POST', body, schema: PollSchema }),
  );
}

export function useUpdatePoll(id: number) {
  return usePollMutation((body: UpdatePollInput) =>
    api(`polls/${id}/`, { method: 'PATCH', body, schema: PollSchema }),
  );
}

export function useCreatePoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePollInput) =>
      api('polls/', { method: 'POST', body, schema: PollSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['polls', 'list'] }),
  });
}

export function useDeletePoll(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<undefined>(`polls/${id}/`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['polls', 'list'] }),
  });
}
