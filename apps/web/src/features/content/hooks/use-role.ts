import { roleAllows, type Role } from '@bagysh/shared';
import { useSessionStore } from '../../../lib/session-store';

// The stored role is read through site.ts's roleAllows, not RoleSchema: the article and news
// pages load no zod. An unknown or missing role is a member's.

/** The signed-in user's id and role as stored by the accounts feature (guests: null). */
export function useViewer(): { id: number | null; role: Role | null; logged: boolean } {
  const user = useSessionStore((state) => state.user);
  const logged = useSessionStore((state) => state.logged);
  const id = typeof user?.id === 'number' ? user.id : null;
  const stored = user?.role;
  const role: Role = roleAllows(stored, 'admin')
    ? 'admin'
    : roleAllows(stored, 'moderator')
      ? 'moderator'
      : 'user';
  return { id, role: logged ? role : null, logged };
}

/** True when the viewer has at least `required`. */
export function useHasRole(required: Role): boolean {
  const { role } = useViewer();
  return role !== null && (required === 'user' || roleAllows(role, required));
}
