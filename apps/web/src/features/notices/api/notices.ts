import {
  DetailSchema,
  FollowStateSchema,
  NoticePageSchema,
  NoticeSettingsSchema,
  NoticeUnreadSchema,
  UnsubscribeInfoSchema,
  type FollowScope,
  type NoticeSettingsInput,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setUnreadNotices } from '../../../lib/notice-count';

export const NOTICES_PAGE_SIZE = 20;

export function getNoticesQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['notices', 'list', page] as const,
    queryFn: async ({ signal }) => {
      const answer = await api('notices/', {
        query: { page, page_size: NOTICES_PAGE_SIZE },
        schema: NoticePageSchema,
        signal,
      });
      setUnreadNotices(answer.unread);
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET notices/`: the member's notices, newest first, with the unread count. */
export function useNotices(page: number) {
  return useQuery(getNoticesQueryOptions(page));
}

/** `POST notices/{id}/read/` or `notices/read-all/` (id null); the badge follows. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      api(id === null ? 'notices/read-all/' : `notices/${id}/read/`, {
        method: 'POST',
        schema: NoticeUnreadSchema,
      }),
    onSuccess: (answer) => {
      setUnreadNotices(answer.unread);
      void queryClient.invalidateQueries({ queryKey: ['notices', 'list'] });
    },
  });
}

const settingsKey = ['notices', 'settings'] as const;

/** `GET notices/settings/`: which kinds are mailed. */
export function useNoticeSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api('notices/settings/', { schema: NoticeSettingsSchema, signal }),
  });
}

/** `PUT notices/settings/`. */
export function useUpdateNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoticeSettingsInput) =>
      api('notices/settings/', { method: 'PUT', body: input, schema: NoticeSettingsSchema }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
}

const followKey = (personId: number) => ['notices', 'follow', personId] as const;

/** `GET persons/{id}/follow/`: whether the member follows this person or branch. */
export function useFollow(personId: number) {
  return useQuery({
    queryKey: followKey(personId),
    queryFn: ({ signal }) =>
      api(`persons/${personId}/follow/`, { schema: FollowStateSchema, signal }),
  });
}

/** `PUT` (a scope) or `DELETE` (null) `persons/{id}/follow/`. */
export function useSetFollow(personId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: FollowScope | null) =>
      scope === null
        ? api(`persons/${personId}/follow/`, { method: 'DELETE', schema: FollowStateSchema })
        : api(`persons/${personId}/follow/`, {
            method: 'PUT',
            body: { scope },
            schema: FollowStateSchema,
          }),
    onSuccess: (answer) => queryClient.setQueryData(followKey(personId), answer),
  });
}

/** `GET notices/unsubscribe/?token=` (no sign-in): what the link stops. */
export function fetchUnsubscribeInfo(token: string) {
  return api('notices/unsubscribe/', { query: { token }, schema: UnsubscribeInfoSchema });
}

/** `POST notices/unsubscribe/?token=`. */
export function unsubscribeByToken(token: string) {
  return api('notices/unsubscribe/', { method: 'POST', query: { token }, schema: DetailSchema });
}

/** The token of an unsubscribe page: `#token=<id>.<kind>.<signature>`, or null. */
export function unsubscribeTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[0-9]+\.[a-z]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
}
