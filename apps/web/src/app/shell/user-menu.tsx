import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { buttonClass } from '../../components/link-button';
import { PlainIcon } from '../../components/plain-icon';
import { useModerationCounts } from '../../lib/moderation-counts';
import { useUnreadNotices } from '../../lib/notice-count';
import { useScript } from '../../lib/script';
import { useSessionStore, userDisplayName } from '../../lib/session-store';
import { lazyOverlay } from './lazy-overlays';
import { ModerationBadge, NoticesBadge } from './moderation-badge';
import styles from './header-controls.module.css';

const UserMenuPopup = lazyOverlay(() => import('./user-menu-popup'));

/**
 * Whether the menu is open, kept outside the component: the header is drawn first by the shell
 * fallback while the first page loads, then again by the page's layout, and a click on the
 * first one must open the menu of the second.
 */
const useUserMenuStore = create<{ open: boolean }>()(() => ({ open: false }));
const setOpen = (open: boolean) => useUserMenuStore.setState({ open });
// A session that ends while the menu is open must not reopen it at the next sign-in.
useSessionStore.subscribe((state) => {
  if (!state.logged) setOpen(false);
});

/** The signed-in user's menu in the header: profile, notices and 'Чыгуу'. */
export function UserMenu({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const user = useSessionStore((state) => state.user);
  const name = userDisplayName(user) ?? t('header.profile');
  const [button, setButton] = useState<HTMLElement | null>(null);
  const open = useUserMenuStore((state) => state.open) && button !== null;
  const menuId = useId();
  // Moderators: how many items wait for review, asked again on every page's header.
  const waiting = useModerationCounts({ refresh: true })?.total ?? 0;
  const waitingText = waiting > 0 ? t('header.moderationWaiting', { count: waiting }) : '';
  // Everyone signed in: notices not read yet (their own badge, beside the moderators').
  const unread = useUnreadNotices({ refresh: true });
  const unreadText = unread > 0 ? t('header.unreadNotices', { count: unread }) : '';
  const buttonLabel = [name, waitingText, unreadText].filter(Boolean).join(', ');

  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        ref={setButton}
        onClick={() => setOpen(true)}
        className={buttonClass(
          'text',
          onDark ? 'light' : 'primary',
          onDark ? `${styles.user} ${styles.userOnDark}` : styles.user,
        )}
        {...script.label(buttonLabel)}
      >
        {script.text(name)}
        {waiting > 0 && <ModerationBadge count={waiting} />}
        {unread > 0 && <NoticesBadge count={unread} />}
        <PlainIcon icon="expandMore" small />
      </button>
      <UserMenuPopup
        needed={open}
        id={menuId}
        anchor={open ? button : null}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
