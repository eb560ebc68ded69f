import { NoticeUnreadSchema } from '@bagysh/shared';
import { api } from './api-client';

/** `GET notices/unread/`, in its own chunk (see notice-count.ts). */
export function fetchUnreadNotices() {
  return api('notices/unread/', { schema: NoticeUnreadSchema });
}
