import { OutboxMessageDetailSchema, OutboxPageSchema } from '@bagysh/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const OUTBOX_PAGE_SIZE = 20;

export function getOutboxQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['mail', 'outbox', page] as const,
    queryFn: ({ signal }) =>
      api('mail/outbox/', {
        query: { page, page_size: OUTBOX_PAGE_SIZE },
        schema: OutboxPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET mail/outbox/` (admins): the mails written to the outbox folder, newest first. */
export function useOutbox(page: number) {
  return useQuery(getOutboxQueryOptions(page));
}

/** `GET mail/outbox/{id}/`: one mail with its text. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['mail', 'outbox', 'message', id] as const,
    queryFn: ({ signal }) =>
      api(`mail/outbox/${id ?? ''}/`, { schema: OutboxMessageDetailSchema, signal }),
    enabled: id !== null,
  });
}
