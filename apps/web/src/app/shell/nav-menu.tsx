import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useScript } from '../../lib/script';
import { navItemClass } from './nav-item';
import { useHeaderNav } from './nav-items';
import styles from './nav-menu.module.css';

// Only moderators and admins have it: guests' and members' pages do not load its code.
const ManageMenu = lazy(() => import('./manage-menu'));

/**
 * The header's navigation menu on wide screens (lg and up). At 1280–1439 px the signed-in
 * menu's twelve links only fit on one line with tighter padding and, in Cyrillic, 13 px text;
 * staff's management pages are grouped in one menu (useHeaderNav).
 */
export function NavMenu({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const { links, manage } = useHeaderNav();

  return (
    <nav aria-label={t('header.navigation')} data-testid="header-nav" className={styles.nav}>
      {links.map((link) => (
        <NavLink
          key={link.key}
          to={link.to}
          // Home is the current page only on / itself, not under every path.
          end={link.key === 'home'}
          {...script.label(link.label)}
          className={navItemClass(onDark, script.runes)}
        >
          {script.text(link.label)}
        </NavLink>
      ))}
      {manage.length > 0 && (
        <Suspense fallback={null}>
          <ManageMenu links={manage} onDark={onDark} />
        </Suspense>
      )}
    </nav>
  );
}
