import {
  CategoriesPageSchema,
  CategorySchema,
  type CategoryInput,
  type CategoryKind,
  type CategoryPatchInput,
} from '@bagysh/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const categoryKeys = {
  all: ['content', 'categories'] as const,
  list: (kind?: CategoryKind, page = 1, pageSize = 100) =>
    ['content', 'categories', kind ?? 'all', page, pageSize] as const,
};

export function getCategoriesQueryOptions(kind?: CategoryKind, page = 1, pageSize = 100) {
  return queryOptions({
    queryKey: categoryKeys.list(kind, page, pageSize),
    queryFn: ({ signal }) =>
      api('categories/', {
        query: { kind, page, page_size: pageSize },
        signal,
        schema: CategoriesPageSchema,
      }),
  });
}

/** Categories of one kind (or all); the list is open to guests too (the list filters). */
export function useCategories(
  kind?: CategoryKind,
  options: { enabled?: boolean; page?: number; pageSize?: number } = {},
) {
  return useQuery({
    ...getCategoriesQueryOptions(kind, options.page, options.pageSize),
    enabled: options.enabled ?? true,
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: number | null;
      input: CategoryInput | CategoryPatchInput;
    }) =>
      id === null
        ? api('categories/', { method: 'POST', body: input, schema: CategorySchema })
        : api(`categories/${id}/`, { method: 'PATCH', body: input, schema: CategorySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveToNone }: { id: number; moveToNone?: boolean }) =>
      api<void>(`categories/${id}/`, {
        method: 'DELETE',
        query: moveToNone ? { move_to_none: 1 } : undefined,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
