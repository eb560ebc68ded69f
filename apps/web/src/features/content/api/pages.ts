import {
  AboutPageSchema,
  ContactsPageSchema,
  FoundersPageSchema,
  type AboutPageInput,
  type ContactsPageInput,
  type FoundersPageInput,
  type PageKey,
} from '@bagysh/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

const schemas = {
  about: AboutPageSchema,
  founders: FoundersPageSchema,
  contacts: ContactsPageSchema,
} as const;

type PageOf<K extends PageKey> = z.infer<(typeof schemas)[K]>;
type InputOf<K extends PageKey> = K extends 'about'
  ? AboutPageInput
  : K extends 'founders'
    ? FoundersPageInput
    : ContactsPageInput;

export const pageKeys = { page: (key: PageKey) => ['content', 'pages', key] as const };

export function getPageQueryOptions<K extends PageKey>(key: K) {
  return queryOptions({
    queryKey: pageKeys.page(key),
    queryFn: ({ signal }) =>
      api(`pages/${key}/`, { signal, schema: schemas[key] as unknown as z.ZodType<PageOf<K>> }),
  });
}

export function usePage<K extends PageKey>(key: K) {
  return useQuery(getPageQueryOptions(key));
}

/** PUT of a whole page (admins). */
export function useSavePage<K extends PageKey>(key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<K>) =>
      api(`pages/${key}/`, {
        method: 'PUT',
        body: input,
        schema: schemas[key] as unknown as z.ZodType<PageOf<K>>,
      }),
    onSuccess: (page) => client.setQueryData(pageKeys.page(key), page),
  });
}
