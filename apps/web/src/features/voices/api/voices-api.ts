import type {
  FileInfo,
  Informant,
  InformantConflictsPage,
  InformantsPage,
  PersonList,
  PlaceSummary,
  Recording,
  RecordingsPage,
} from '@bagysh/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The voices' answers are typed by the shared contract (the server serialized them through it). */

export const INFORMANTS_PAGE_SIZE = 20;
export const RECORDINGS_PAGE_SIZE = 10;
export const CONFLICTS_PAGE_SIZE = 10;

export const voicesKeys = {
  all: ['voices'] as const,
  informants: (page: number) => [...voicesKeys.all, 'informants', page] as const,
  informant: (id: number) => [...voicesKeys.all, 'informant', id] as const,
  recordings: (sourceId: number | null, personId: number | null, page: number) =>
    [...voicesKeys.all, 'recordings', sourceId, personId, page] as const,
  conflicts: (sourceId: number | null, page: number) =>
    [...voicesKeys.all, 'conflicts', sourceId, page] as const,
  choices: (kind: string, q: string) => [...voicesKeys.all, 'choices', kind, q] as const,
};

export function getInformantsQueryOptions(page: number) {
  return queryOptions({
    queryKey: voicesKeys.informants(page),
    queryFn: ({ signal }) =>
      api<InformantsPage>('informants/', {
        signal,
        query: { page, page_size: INFORMANTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** Every informant, a page at a time. */
export const useInformants = (page: number) => useQuery(getInformantsQueryOptions(page));

export function useInformant(id: number) {
  return useQuery({
    queryKey: voicesKeys.informant(id),
    queryFn: ({ signal }) => api<Informant>(`informants/${id}/`, { signal }),
    retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error),
  });
}

/** Recordings of an informant or about a person, newest first. */
export function useRecordings(sourceId: number | null, personId: number | null, page: number) {
  return useQuery({
    queryKey: voicesKeys.recordings(sourceId, personId, page),
    queryFn: ({ signal }) =>
      api<RecordingsPage>('recordings/', {
        signal,
        query: {
          source_id: sourceId,
          person_id: personId,
          page,
          page_size: RECORDINGS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** The recording a file is, if it is one (its page, /recordings/{file id}). */
export function useRecordingOfFile(fileId: number) {
  return useQuery({
    queryKey: [...voicesKeys.all, 'file', fileId],
    queryFn: async ({ signal }) => {
      const page = await api<RecordingsPage>('recordings/', { signal, query: { file_id: fileId } });
      return page.results[0] ?? null;
    },
    retry: 1,
  });
}

/** Where informants disagree; of one informant when `sourceId` is given. */
export function useConflicts(sourceId: number | null, page: number) {
  return useQuery({
    queryKey: voicesKeys.conflicts(sourceId, page),
    queryFn: ({ signal }) =>
      api<InformantConflictsPage>('informants/conflicts/', {
        signal,
        query: { source_id: sourceId, page, page_size: CONFLICTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export interface RecordingFields {
  source_id: number;
  person_ids: number[];
  told_date: string | null;
  told_place_id: number | null;
  duration_seconds: number | null;
}

export const createRecording = (fileId: number, fields: RecordingFields) =>
  api<Recording>('recordings/', { method: 'POST', body: { file_id: fileId, ...fields } });

export const deleteRecording = (id: number) =>
  api<undefined>(`recordings/${id}/`, { method: 'DELETE' });

/** The choices of the recorder's form: informants, persons and places by a typed name. */
export function useChoices<T>(kind: 'informants' | 'persons' | 'places' | 'files', q: string) {
  return useQuery({
    queryKey: voicesKeys.choices(kind, q),
    queryFn: async ({ signal }): Promise<T[]> => {
      if (kind === 'informants') {
        const page = await api<InformantsPage>('informants/', {
          signal,
          query: { page_size: 100 },
        });
        return page.results as T[];
      }
      if (kind === 'files') {
        const [audio, video] = await Promise.all(
          (['audio', 'video'] as const).map((fileKind) =>
            api<{ results: FileInfo[] }>('files/', {
              signal,
              query: { kind: fileKind, page_size: 100, q: q || undefined },
            }),
          ),
        );
        return [...audio!.results, ...video!.results] as T[];
      }
      if (kind === 'persons') {
        const page = await api<PersonList>('persons/', { signal, query: { q, page_size: 10 } });
        return page.results as T[];
      }
      const page = await api<{ results: PlaceSummary[] }>('places/', {
        signal,
        query: { q, page_size: 10 },
      });
      return page.results as T[];
    },
    enabled: kind === 'informants' || kind === 'files' || q.trim().length > 0,
    staleTime: 30_000,
  });
}

/**
 * A short-lived signed address of a members-only recording, for `<audio>` (which cannot send
 * the token); public recordings play from their own address.
 */
export function useRecordingSrc(fileId: number, url: string, isPublic: boolean) {
  const link = useQuery({
    queryKey: [...voicesKeys.all, 'link', fileId] as const,
    queryFn: ({ signal }) =>
      api<{ url: string }>(`files/${fileId}/link/`, { method: 'POST', signal }),
    enabled: !isPublic,
    staleTime: 4 * 60_000,
    retry: false,
  });
  return isPublic ? url : (link.data?.url ?? null);
}
