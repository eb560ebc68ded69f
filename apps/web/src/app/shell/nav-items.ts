import { visibleNavItems } from '@bagysh/shared';
import { useTranslation } from 'react-i18next';
import { href } from '../../config/paths';
import { useSessionStore } from '../../lib/session-store';

/**
 * The navigation links this visitor sees (docs/product.md, Header and navigation), with their
 * catalogue labels.
 */
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

export type NavLinkItem = ReturnType<typeof useNavLinks>[number];

/** The site's management pages: the wide header's 'Башкаруу' menu holds them for staff. */
const MANAGE_ITEMS = new Set<string>([
  'categories',
  'users',
  'gedcom',
  'duplicates',
  'treeChecks',
  'mailOutbox',
]);

/**
 * The wide header's menu: every link for guests and members; for moderators and admins, whose
 * staff pages make thirteen links that wrap at 1440 px, the management pages go into one menu.
 */
export function useHeaderNav(): { links: NavLinkItem[]; manage: NavLinkItem[] } {
  const links = useNavLinks();
  // Staff: more links than a member has (the pages of a role).
  if (links.length <= visibleNavItems(true, 'user').length) return { links, manage: [] };
  return {
    links: links.filter((link) => !MANAGE_ITEMS.has(link.key)),
    manage: links.filter((link) => MANAGE_ITEMS.has(link.key)),
  };
}
