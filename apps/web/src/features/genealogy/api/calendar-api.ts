import {
  CalendarFeedTokenSchema,
  CalendarFeedTokenStatusSchema,
  CalendarMonthSchema,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiUrl } from '../../../lib/api-client';

/** What the calendar is narrowed to; an empty value is no filter. */
export interface CalendarFilters {
  month: string;
  clan?: number | undefined;
  branch?: number | undefined;
}

export const calendarKeys = {
  all: ['calendar'] as const,
  month: (logged: boolean, filters: CalendarFilters) =>
    [
      'calendar',
      'month',
      logged,
      filters.month,
      filters.clan ?? null,
      filters.branch ?? null,
    ] as const,
  feedToken: ['calendar', 'feed-token'] as const,
};

export function getCalendarMonthQueryOptions(logged: boolean, filters: CalendarFilters) {
  return queryOptions({
    queryKey: calendarKeys.month(logged, filters),
    queryFn: ({ signal }) =>
      api('calendar/', {
        query: { month: filters.month, clan: filters.clan, branch: filters.branch },
        signal,
        schema: CalendarMonthSchema,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** One month's events (a member's include the memorial days). */
export function useCalendarMonth(logged: boolean, filters: CalendarFilters) {
  return useQuery(getCalendarMonthQueryOptions(logged, filters));
}

/** The absolute URL of the feed, public or with a member's token. */
export function calendarFeedUrl(query: { clan?: number; branch?: number; token?: string }) {
  return new URL(apiUrl('calendar.ics', query), window.location.origin).toString();
}

/** When the member's secret feed link was made. */
export function useFeedTokenStatus(enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.feedToken,
    queryFn: ({ signal }) =>
      api('calendar/feed-token/', { signal, schema: CalendarFeedTokenStatusSchema }),
    enabled,
  });
}

/** A new secret feed link; the previous one stops working. */
export function useRegenerateFeedToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('calendar/feed-token/', { method: 'POST', schema: CalendarFeedTokenSchema }),
    onSuccess: (made) => {
      client.setQueryData(calendarKeys.feedToken, { created_at: made.created_at });
    },
  });
}
