import { hasRole, RoleSchema, type Role } from '@bagysh/shared';
import { useSessionStore } from '../../../lib/session-store';

/** The signed-in user's id and role as stored by the accounts feature (guests: null). */
export function useViewer(): { id: number | null; role: Role | null; logged: boolean } {
  const user = useSessionStore((state) => state.user);
  const logged = useSessionStore((state) => state.logged);
  const parsed = RoleSchema.safeParse(user?.role);
  const id = typeof user?.id === 'number' ? user.id : null;
  return { id, role: logged && parsed.success ? parsed.data : logged ? 'user' : null, logged };
}

/** True when the viewer has at least `required`. */
export function useHasRole(required: Role): boolean {
  const { role } = useViewer();
  return role !== null && hasRole(role, required);
}
