import {
  MergePreviewSchema,
  MergeResultSchema,
  type MergeInput,
  type MergeResult,
} from '@bagysh/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { genealogyKeys } from './genealogy-keys';

/** The merge page's side-by-side view of `a` and `b` (signed-in readers only). */
export function useMergePreview(a: number | null, b: number | null) {
  return useQuery({
    queryKey: [...genealogyKeys.all, 'merge', a ?? 0, b ?? 0],
    queryFn: ({ signal }) =>
      api('persons/merge/', { query: { a, b }, signal, schema: MergePreviewSchema }),
    enabled: a !== null && b !== null && a !== b,
    // A refusal (422) or a person gone (404) is the answer, not a hiccup to retry.
    retry: false,
  });
}

/** A moderator's merge applies at once; a member's is a proposal. */
export function submitMerge(input: MergeInput): Promise<MergeResult> {
  return api('persons/merge/', { method: 'POST', body: input, schema: MergeResultSchema });
}
