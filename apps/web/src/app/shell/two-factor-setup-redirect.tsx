import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSessionStore } from '../../lib/session-store';

/**
 * Under `STAFF_2FA=required` a moderator or admin without two-factor sign-in may do nothing
 * else on the server (403) until it is on: every page sends them to the profile, where it is
 * set up (docs/security.md, Two-factor sign-in). An effect with `useNavigate`, not
 * `<Navigate>`, which would add to every page's first load.
 */
export function TwoFactorSetupRedirect() {
  const required = useSessionStore((state) => state.user?.two_factor_setup_required === true);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const away = required && pathname !== paths.profile();
  useEffect(() => {
    if (away) void navigate(paths.profile(), { replace: true });
  }, [away, navigate]);
  return null;
}
