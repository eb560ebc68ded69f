import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass, LinkButton } from '../../components/link-button';
import { PlainIcon } from '../../components/plain-icon';
import { paths } from '../../config/paths';
import { useAppStore } from '../../lib/app-store';
import { useModerationCounts } from '../../lib/moderation-counts';
import { useUnreadNotices } from '../../lib/notice-count';
import { useScript } from '../../lib/script';
import { useSessionStore } from '../../lib/session-store';
import { useIsWide } from './breakpoints';
import { LanguageSwitch } from './language-switch';
import { lazyOverlay } from './lazy-overlays';
import { ModerationBadge, NoticesBadge } from './moderation-badge';
import { NavMenu } from './nav-menu';
import { ProfileAvatar } from './profile-avatar';
import { UserMenu } from './user-menu';
import styles from './app-header.module.css';

/** The id of each layout's `<main>`, the target of the skip link. */
export const MAIN_ID = 'main-content';

const NavDrawer = lazyOverlay(() => import('./nav-drawer'), { preloadWhenIdle: true });

/**
 * The header (docs/product.md, Header and navigation): site name linking home, the navigation menu,
 * login button or user menu, the language switch and the profile avatar. Below lg the menu and the
 * user menu move into the drawer behind the 'Меню' button. `transparent`: the landing page's header
 * over its content. Plain elements and CSS rather than MUI: the landing page loads no MUI (the
 * first-paint budget).
 */
export function AppHeader({ transparent = false }: { transparent?: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const logged = useSessionStore((state) => state.logged);
  const toggleDrawer = useAppStore((state) => state.toggleDrawer);
  const drawer = useAppStore((state) => state.drawer);
  const wide = useIsWide();
  const tone = transparent ? 'light' : 'primary';
  // Below lg the user menu is in the drawer: its button carries the moderators' count.
  const waiting = useModerationCounts({ refresh: !wide })?.total ?? 0;
  // And every member's unread notices.
  const unread = useUnreadNotices({ refresh: !wide });
  const menuLabel = [
    t('header.menu'),
    waiting > 0 ? t('header.moderationWaiting', { count: waiting }) : '',
    unread > 0 ? t('header.unreadNotices', { count: unread }) : '',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      {/* The first stop of Tab: past the header's dozen links, straight to the page. */}
      <a
        href={`#${MAIN_ID}`}
        className={styles.skip}
        onClick={(event: MouseEvent) => {
          // Focus without a #fragment in the address (the router and Back stay as they were).
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        {...script.label(t('header.skipToContent'))}
      >
        {script.text(t('header.skipToContent'))}
      </a>
      <header
        data-variant={transparent ? 'transparent' : 'solid'}
        className={transparent ? `${styles.header} ${styles.transparent}` : styles.header}
      >
        <div className={styles.row}>
          <Link to={paths.home()} className={styles.name} {...script.label(t('site.name'))}>
            {script.text(t('site.name'))}
          </Link>
          <div className={styles.spacer} />
          <LanguageSwitch onDark={transparent} />
          {wide &&
            (logged ? (
              <UserMenu onDark={transparent} />
            ) : (
              <LinkButton
                to={paths.login()}
                variant={transparent ? 'outlined' : 'contained'}
                tone={tone}
                {...script.label(t('header.login'))}
              >
                {script.text(t('header.login'))}
              </LinkButton>
            ))}
          <ProfileAvatar />
          {!wide && (
            <button
              type="button"
              aria-label={menuLabel}
              title={menuLabel}
              aria-expanded={drawer}
              onClick={toggleDrawer}
              className={buttonClass('text', tone, styles.menu)}
            >
              <PlainIcon icon="menu" />
              {waiting > 0 && <ModerationBadge count={waiting} />}
              {unread > 0 && <NoticesBadge count={unread} />}
            </button>
          )}
        </div>
        {wide && (
          <div className={styles.nav}>
            <NavMenu onDark={transparent} />
          </div>
        )}
      </header>
      {!wide && <NavDrawer needed={drawer} />}
    </>
  );
}
