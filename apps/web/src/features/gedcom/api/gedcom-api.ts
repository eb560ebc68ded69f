import {
  GedcomExportLinkSchema,
  GedcomImportAcceptedSchema,
  GedcomJobPageSchema,
  GedcomJobSchema,
  GedcomMatchesSchema,
  GedcomPreviewSchema,
  GedcomRevertResultSchema,
  type GedcomCommitBody,
  type GedcomExportLink,
  type GedcomExportQuery,
} from '@bagysh/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isActive } from '../lib/report';

/** Imports per page of the history. */
export const JOBS_PAGE_SIZE = 10;
/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

export const gedcomKeys = {
  allJobs: ['gedcom', 'jobs'] as const,
  jobs: (page: number) => ['gedcom', 'jobs', page] as const,
  job: (id: string) => ['gedcom', 'job', id] as const,
  preview: (id: string) => ['gedcom', 'preview', id] as const,
  matches: (id: string) => ['gedcom', 'matches', id] as const,
};

/** A preview's persons matched against the tree (a merging import; admins). */
export function useMatches(id: string, enabled: boolean) {
  return useQuery({
    queryKey: gedcomKeys.matches(id),
    queryFn: ({ signal }) =>
      api(`gedcom/previews/${id}/matches/`, { signal, schema: GedcomMatchesSchema }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/** Reverts a merging import. */
export function useRevertJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`gedcom/jobs/${id}/revert/`, { method: 'POST', schema: GedcomRevertResultSchema }),
    onSuccess: (_, id) =>
      Promise.all([
        client.invalidateQueries({ queryKey: gedcomKeys.job(id) }),
        client.invalidateQueries({ queryKey: gedcomKeys.allJobs }),
      ]),
  });
}

export function getPreviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: gedcomKeys.preview(id),
    queryFn: ({ signal }) => api(`gedcom/previews/${id}/`, { signal, schema: GedcomPreviewSchema }),
    retry: false,
  });
}

export function usePreview(id: string) {
  return useQuery(getPreviewQueryOptions(id));
}

/** A job, asked again every second while it is queued or running. */
export function getJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: gedcomKeys.job(id),
    queryFn: ({ signal }) => api(`gedcom/jobs/${id}/`, { signal, schema: GedcomJobSchema }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || isActive(status) ? POLL_MS : false;
    },
    retry: 1,
  });
}

export function useJob(id: string) {
  return useQuery(getJobQueryOptions(id));
}

export function getJobsQueryOptions(page: number) {
  return queryOptions({
    queryKey: gedcomKeys.jobs(page),
    queryFn: ({ signal }) =>
      api('gedcom/jobs/', {
        query: { page, page_size: JOBS_PAGE_SIZE },
        signal,
        schema: GedcomJobPageSchema,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useJobs(page: number) {
  return useQuery(getJobsQueryOptions(page));
}

/** Commits a preview: answers the new job's id. */
export function useCommitPreview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GedcomCommitBody }) =>
      api(`gedcom/previews/${id}/commit/`, {
        method: 'POST',
        body,
        schema: GedcomImportAcceptedSchema,
      }),
    // A committed preview is gone on the server: forget it rather than ask again (404).
    onSuccess: (_, { id }) => {
      client.removeQueries({ queryKey: gedcomKeys.preview(id) });
      return client.invalidateQueries({ queryKey: gedcomKeys.allJobs });
    },
  });
}

export function useDiscardPreview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`gedcom/previews/${id}/`, { method: 'DELETE' }),
    onSettled: (_, __, id) => client.removeQueries({ queryKey: gedcomKeys.preview(id) }),
  });
}

export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`gedcom/jobs/${id}/`, { method: 'DELETE', schema: GedcomJobSchema }),
    onSuccess: (job) => {
      client.setQueryData(gedcomKeys.job(job.id), job);
      return client.invalidateQueries({ queryKey: gedcomKeys.allJobs });
    },
  });
}

export type ExportOptions = Pick<GedcomExportQuery, 'version' | 'living'>;

/**
 * A signed address of the export, working for a minute without the token: the page hands it
 * to the browser, whose download manager streams the file (hundreds of MB for a large tree)
 * to disk instead of holding it in the page.
 */
export function getExportLink({ version, living }: ExportOptions): Promise<GedcomExportLink> {
  return api('gedcom/export/link/', {
    method: 'POST',
    body: { version, living },
    schema: GedcomExportLinkSchema,
  });
}
