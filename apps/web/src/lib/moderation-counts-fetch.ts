import { ModerationCountsSchema } from '@bagysh/shared';
import { api } from './api-client';

/** `GET moderation/counts/`, in its own chunk (see moderation-counts.ts). */
export function fetchModerationCounts() {
  return api('moderation/counts/', { schema: ModerationCountsSchema });
}
