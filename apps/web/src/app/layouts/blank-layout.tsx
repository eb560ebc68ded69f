import { PageOutlet } from '../page-outlet';
import styles from './layouts.module.css';

/** Nothing around the content: the login page (docs/product.md, Layouts). */
export function BlankLayout({ frameOnly = false }: { frameOnly?: boolean }) {
  return (
    <main data-layout="blank" className={styles.screen}>
      {!frameOnly && <PageOutlet />}
    </main>
  );
}
