import type { RecordRevision, Transcript, TranscriptSegment } from '@bagysh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const transcriptsKeys = {
  all: ['transcripts'] as const,
  ofFile: (fileId: number) => [...transcriptsKeys.all, fileId] as const,
};

/** A recording's transcript (no segments while none is written). */
export function useTranscript(fileId: number) {
  return useQuery({
    queryKey: transcriptsKeys.ofFile(fileId),
    queryFn: ({ signal }) => api<Transcript>(`transcripts/${fileId}/`, { signal }),
    retry: 1,
  });
}

/**
 * Writes the whole transcript: applied at once for a moderator (the transcript), a proposal
 * for a member (the pending revision).
 */
export function useSaveTranscript(fileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (segments: TranscriptSegment[]) =>
      api<Transcript | RecordRevision>(`transcripts/${fileId}/`, {
        method: 'PUT',
        body: { segments },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: transcriptsKeys.ofFile(fileId) });
    },
  });
}

export const isApplied = (answer: Transcript | RecordRevision): answer is Transcript =>
  'segments' in answer;
