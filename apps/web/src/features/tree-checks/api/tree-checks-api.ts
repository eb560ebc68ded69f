import { TreeCheckPageSchema, TreeCheckSummarySchema, type TreeCheckKind } from '@bagysh/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Items per page of a kind's list. */
export const TREE_CHECKS_PAGE_SIZE = 20;

export const treeCheckKeys = {
  all: ['tree-checks'] as const,
  summary: ['tree-checks', 'summary'] as const,
  page: (kind: TreeCheckKind, page: number) => ['tree-checks', kind, page] as const,
};

export function getTreeCheckSummaryQueryOptions() {
  return queryOptions({
    queryKey: treeCheckKeys.summary,
    queryFn: ({ signal }) => api('tree-checks/', { signal, schema: TreeCheckSummarySchema }),
    retry: 1,
  });
}

/** How many likely errors of each kind (moderators and admins). */
export function useTreeCheckSummary() {
  return useQuery(getTreeCheckSummaryQueryOptions());
}

export function getTreeCheckPageQueryOptions(kind: TreeCheckKind, page: number) {
  return queryOptions({
    queryKey: treeCheckKeys.page(kind, page),
    queryFn: ({ signal }) =>
      api(`tree-checks/${kind}/`, {
        query: { page, page_size: TREE_CHECKS_PAGE_SIZE },
        signal,
        schema: TreeCheckPageSchema,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** One page of a kind's items. */
export function useTreeCheckPage(kind: TreeCheckKind, page: number) {
  return useQuery(getTreeCheckPageQueryOptions(kind, page));
}
