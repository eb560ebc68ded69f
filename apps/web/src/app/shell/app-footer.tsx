import { useTranslation } from 'react-i18next';
import { FOOTER_YEAR } from '../../config/constants';
import { useScript } from '../../lib/script';
import styles from './app-footer.module.css';

/** Footer: the site name and 2024 (docs/product.md, Footer). */
export function AppFooter() {
  const { t } = useTranslation();
  const script = useScript();
  return (
    <footer className={styles.footer}>
      <p className="t-body2 t-secondary">
        {script.text(t('site.footer', { name: t('site.name'), year: FOOTER_YEAR }))}
      </p>
    </footer>
  );
}
