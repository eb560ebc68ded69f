import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_YEAR } from '../../config/constants';
import { paths } from '../../config/paths';
import { useScript } from '../../lib/script';
import styles from './app-footer.module.css';

/** Footer: the site name and 2024 (docs/product.md, Footer), and the way to the help page. */
export function AppFooter() {
  const { t } = useTranslation();
  const script = useScript();
  return (
    <footer className={styles.footer}>
      <p className="t-body2">
        <Link to={paths.reference()} className={styles.link} {...script.label(t('nav.reference'))}>
          {script.text(t('nav.reference'))}
        </Link>
      </p>
      <p className="t-body2 t-secondary">
        {script.text(t('site.footer', { name: t('site.name'), year: FOOTER_YEAR }))}
      </p>
    </footer>
  );
}
