import { hasRole, UserSchema, type FileInfo } from '@bagysh/shared';
import type { SessionUser } from '../../../lib/session-store';

const StoredUser = UserSchema.pick({ id: true, role: true });

/** Owners and moderators (and admins) may edit or delete a file; the server checks again. */
export function canManageFile(user: SessionUser | null, file: FileInfo): boolean {
  const parsed = StoredUser.safeParse(user);
  if (!parsed.success) return false;
  return parsed.data.id === file.owner.id || hasRole(parsed.data.role, 'moderator');
}
