import { RoleSchema } from '@bagysh/shared';
import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { useMe } from '../api/polls-api';

/**
 * Whether the signed-in user manages polls (a moderator or an admin). The role comes from the
 * stored user; when it is missing there, it is fetched (GET /api/user/) and kept in the store.
 */
export function useCanManagePolls(): boolean {
  const user = useSessionStore((state) => state.user);
  const stored = RoleSchema.safeParse(user?.role);
  const me = useMe(!stored.success);
  useEffect(() => {
    if (stored.success || !me.data) return;
    const session = useSessionStore.getState();
    session.setUser({ ...(session.user ?? {}), ...me.data });
  }, [stored.success, me.data]);
  const role = stored.success ? stored.data : me.data?.role;
  return role === 'moderator' || role === 'admin';
}
