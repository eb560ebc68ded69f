import { visibleNavItems } from '@bagysh/shared';
import { useTranslation } from 'react-i18next';
import { href } from '../../config/paths';
import { useSessionStore } from '../../lib/session-store';

/** The navigation links this visitor sees (spec §2), with their catalogue labels. */
export function useNavLinks() {
  const { t } = useTranslation();
  const logged = useSessionStore((state) => state.logged);
  const role = useSessionStore((state) => state.user?.role);
  return visibleNavItems(logged, role).map((item) => ({
    key: item.route,
    to: href(item.route),
    label: t(`nav.${item.route}`),
  }));
}
