import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlainIcon } from '../../components/plain-icon';
import { useScript } from '../../lib/script';
import { lazyOverlay } from './lazy-overlays';
import { manageClass, navItemClass } from './nav-item';
import type { NavLinkItem } from './nav-items';

const ManageMenuPopup = lazyOverlay(() => import('./manage-menu-popup'));

/**
 * The management pages of moderators and admins (categories, users, GEDCOM) behind one button,
 * so that their header keeps one line at 1440 px. A menu button: Enter, Space or a click opens
 * it on its first item, arrow keys move, Esc closes it back to the button.
 */
export default function ManageMenu({ links, onDark }: { links: NavLinkItem[]; onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = links.some((link) => pathname === link.to);
  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        data-current={current || undefined}
        data-testid="header-manage"
        onClick={(event) => setAnchor(event.currentTarget)}
        {...script.label(t('header.manage'))}
        className={navItemClass(onDark, script.runes, manageClass)}
      >
        {script.text(t('header.manage'))}
        <PlainIcon icon="expandMore" />
      </button>
      <ManageMenuPopup
        needed={anchor !== null}
        id={menuId}
        anchor={anchor}
        links={links}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
