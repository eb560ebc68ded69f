import {
  CategoriesPageSchema,
  FileLimitsSchema,
  FileLinkSchema,
  FileSchema,
  FilesPageSchema,
  type FileInfo,
  type FileKind,
  type FileUpdateInput,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const FILES_PAGE_SIZE = 24;

/** What the browse view asks for. */
export interface FilesFilter {
  q: string;
  kind: FileKind | '';
  categoryId: number | null;
  page: number;
}

export const filesKeys = {
  all: ['files'] as const,
  list: (filter: FilesFilter) => ['files', 'list', filter] as const,
  limits: ['files', 'limits'] as const,
  link: (id: number) => ['files', 'link', id] as const,
  file: (id: number) => ['files', 'file', id] as const,
  categories: ['categories', 'file'] as const,
};

export function getFilesQueryOptions(filter: FilesFilter) {
  return queryOptions({
    queryKey: filesKeys.list(filter),
    queryFn: ({ signal }) =>
      api('files/', {
        signal,
        schema: FilesPageSchema,
        query: {
          q: filter.q.trim() || undefined,
          kind: filter.kind || undefined,
          category_id: filter.categoryId ?? undefined,
          page: filter.page,
          page_size: FILES_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFiles(filter: FilesFilter) {
  return useQuery(getFilesQueryOptions(filter));
}

export function getFileLimitsQueryOptions() {
  return queryOptions({
    queryKey: filesKeys.limits,
    queryFn: ({ signal }) => api('files/limits/', { signal, schema: FileLimitsSchema }),
  });
}

export function useFileLimits() {
  return useQuery(getFileLimitsQueryOptions());
}

/** Categories of kind `file` (for the filter and the edit form). */
export function getFileCategoriesQueryOptions() {
  return queryOptions({
    queryKey: filesKeys.categories,
    queryFn: ({ signal }) =>
      api('categories/', {
        signal,
        schema: CategoriesPageSchema,
        query: { kind: 'file', page_size: 100 },
      }),
    staleTime: 5 * 60_000,
    select: (page) => page.results,
  });
}

export function useFileCategories() {
  return useQuery(getFileCategoriesQueryOptions());
}

/** One file's details (a guest: public files only). */
export function useFile(id: number) {
  return useQuery({
    queryKey: filesKeys.file(id),
    queryFn: ({ signal }) => api(`files/${id}/`, { signal, schema: FileSchema }),
    staleTime: 60_000,
  });
}

/**
 * A short-lived signed address of a members-only file's bytes, for `<audio>`/`<video>` (which
 * cannot send the token). Never cached across dialogs: each opening asks for a fresh one.
 */
export function useFileLink(id: number | null) {
  return useQuery({
    queryKey: filesKeys.link(id ?? 0),
    queryFn: ({ signal }) =>
      api(`files/${id}/link/`, { method: 'POST', signal, schema: FileLinkSchema }),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useUpdateFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: FileUpdateInput }) =>
      api<FileInfo>(`files/${id}/`, { method: 'PATCH', body: input, schema: FileSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: filesKeys.all }),
  });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`files/${id}/`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
