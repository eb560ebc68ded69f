import { Suspense } from 'react';
import { BREAKPOINTS, NAV_RAIL_WIDTH } from '../../config/constants';
import { providedLazy } from '../../lib/providers';
import { useMediaQuery } from '../../lib/use-media-query';
import { PageOutlet } from '../page-outlet';
import { AppFooter } from '../shell/app-footer';
import { AppHeader, MAIN_ID } from '../shell/app-header';
import { LogoutDialog } from '../shell/logout';
import styles from './layouts.module.css';

const NavRail = providedLazy(() => import('../shell/nav-rail'));

const RAIL_WIDTHS = `(min-width: ${BREAKPOINTS.md}px) and (max-width: ${BREAKPOINTS.lg - 0.02}px)`;

/**
 * Header, content, footer: every page but home and login (docs/product.md, Layouts); between md and
 * lg the navigation rail beside the content.
 */
export function DefaultLayout({ frameOnly = false }: { frameOnly?: boolean }) {
  const rail = useMediaQuery(RAIL_WIDTHS);
  return (
    <div data-layout="default">
      {/* Header and content fill at least the screen, so the footer starts below the fold: it
          would otherwise show at the bottom while the page loads, then be pushed out (Lighthouse
          counted that as a layout shift of 0.04). */}
      <div className={styles.column}>
        <AppHeader />
        <div className={styles.row}>
          {rail && (
            <div className={styles.rail} style={{ width: NAV_RAIL_WIDTH }}>
              <Suspense fallback={null}>
                <NavRail />
              </Suspense>
            </div>
          )}
          <main id={MAIN_ID} tabIndex={-1} className={`${styles.content} ${styles.main}`}>
            {!frameOnly && <PageOutlet />}
          </main>
        </div>
      </div>
      <AppFooter />
      <LogoutDialog />
    </div>
  );
}
