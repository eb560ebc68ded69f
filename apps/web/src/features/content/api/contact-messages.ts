import {
  ContactMessageCreatedSchema,
  ContactMessageSchema,
  ContactMessagesPageSchema,
  type ContactMessageInput,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const contactKeys = {
  all: ['content', 'contact-messages'] as const,
  list: (page: number, onlyNew: boolean) => ['content', 'contact-messages', page, onlyNew] as const,
};

export function sendContactMessage(input: ContactMessageInput) {
  return api('contact-messages/', {
    method: 'POST',
    body: input,
    schema: ContactMessageCreatedSchema,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

export function getContactMessagesQueryOptions(page: number, onlyNew: boolean) {
  return queryOptions({
    queryKey: contactKeys.list(page, onlyNew),
    queryFn: ({ signal }) =>
      api('contact-messages/', {
        query: { page, page_size: 10, handled: onlyNew ? 0 : undefined },
        signal,
        schema: ContactMessagesPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessages(page: number, onlyNew: boolean, enabled: boolean) {
  return useQuery({ ...getContactMessagesQueryOptions(page, onlyNew), enabled });
}

export function useMarkContactMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api(`contact-messages/${id}/`, {
        method: 'PATCH',
        body: { handled },
        schema: ContactMessageSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
