import {
  FileSchema,
  FilesPageSchema,
  NoteSchema,
  NotesPageSchema,
  PlacesPageSchema,
  RecordingsPageSchema,
  SourcesPageSchema,
  type NoteInput,
} from '@bagysh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withFreshToken } from '../../../lib/api-client';
import { postWithProgress } from '../../../lib/upload';

/*
 * What the person page's record editors look up: places, sources, shared notes and public
 * files as the user types. Loaded with the editors only (person-records-editor/).
 */

const PICKER_PAGE_SIZE = 10;
/** An informant's recordings offered for a citation: the newest, as many as a page holds. */
const RECORDINGS_PICKED = 100;

const pickerKeys = {
  places: (q: string) => ['genealogy', 'picker', 'places', q] as const,
  sources: (q: string) => ['genealogy', 'picker', 'sources', q] as const,
  notes: (q: string) => ['genealogy', 'picker', 'notes', q] as const,
  files: (q: string) => ['genealogy', 'picker', 'files', q] as const,
  recordings: (sourceId: number) => ['genealogy', 'picker', 'recordings', sourceId] as const,
};

const pickerQuery = { staleTime: 30_000, placeholderData: keepPreviousData } as const;

export function usePlaceOptions(q: string) {
  return useQuery({
    queryKey: pickerKeys.places(q),
    queryFn: ({ signal }) =>
      api('places/', {
        signal,
        query: { q, page_size: PICKER_PAGE_SIZE },
        schema: PlacesPageSchema,
      }),
    enabled: q !== '',
    ...pickerQuery,
  });
}

export function useSourceOptions(q: string) {
  return useQuery({
    queryKey: pickerKeys.sources(q),
    queryFn: ({ signal }) =>
      api('sources/', {
        signal,
        query: { q: q || undefined, page_size: PICKER_PAGE_SIZE },
        schema: SourcesPageSchema,
      }),
    ...pickerQuery,
  });
}

/** An informant's recordings, newest first, for a citation of what they told (null: none). */
export function useSourceRecordings(sourceId: number | null) {
  return useQuery({
    queryKey: pickerKeys.recordings(sourceId ?? 0),
    queryFn: ({ signal }) =>
      api('recordings/', {
        signal,
        query: { source_id: sourceId, page_size: RECORDINGS_PICKED },
        schema: RecordingsPageSchema,
      }),
    enabled: sourceId !== null,
    retry: 1,
  });
}

export function useNoteOptions(q: string) {
  return useQuery({
    queryKey: pickerKeys.notes(q),
    queryFn: ({ signal }) =>
      api('notes/', {
        signal,
        query: { q: q || undefined, page_size: PICKER_PAGE_SIZE },
        schema: NotesPageSchema,
      }),
    ...pickerQuery,
  });
}

/** Public files only: a person's gallery is seen by guests too (the API refuses the rest). */
export function useFileOptions(q: string) {
  return useQuery({
    queryKey: pickerKeys.files(q),
    queryFn: ({ signal }) =>
      api('files/', {
        signal,
        query: { q: q || undefined, visibility: 'public', page_size: PICKER_PAGE_SIZE },
        schema: FilesPageSchema,
      }),
    ...pickerQuery,
  });
}

/**
 * A new shared note. A moderator's is made at once (its id comes back); a member's is a
 * proposal (202) that has no note to link until a moderator accepts it: null then.
 */
export async function createNote(input: NoteInput): Promise<number | null> {
  const answer = await api<unknown>('notes/', { method: 'POST', body: input });
  const note = NoteSchema.safeParse(answer);
  return note.success ? note.data.id : null;
}

/**
 * A new public file for the gallery (`POST /api/files/` with its progress): public, since a
 * person's page is read by guests too and the API links no other file to a person.
 */
export function uploadGalleryFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) {
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('file', file, file.name);
  return withFreshToken((headers) =>
    postWithProgress({ path: 'files/', form, schema: FileSchema, headers, onProgress, signal }),
  );
}
