import { PageOutlet } from '../page-outlet';
import { AppFooter } from '../shell/app-footer';
import { AppHeader, MAIN_ID } from '../shell/app-header';
import { LogoutDialog } from '../shell/logout';
import styles from './layouts.module.css';

/**
 * The home page's frame: a transparent header over the content (docs/product.md, Layouts), the
 * footer under it.
 */
export function LandingLayout({ frameOnly = false }: { frameOnly?: boolean }) {
  return (
    <div data-layout="landing" className={styles.landing}>
      <AppHeader transparent />
      <main id={MAIN_ID} tabIndex={-1} className={`${styles.screen} ${styles.main}`}>
        {!frameOnly && <PageOutlet />}
      </main>
      <AppFooter />
      <LogoutDialog />
    </div>
  );
}
