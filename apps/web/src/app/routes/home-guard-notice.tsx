import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScript } from '../../lib/script';
import { loginHref } from '../guards';
import styles from './home-guard-notice.module.css';

/**
 * The route guard's notice on the home page (docs/product.md, Route guard): the page the guest
 * asked for (`next`) needs a sign-in, and the button signs in and returns there. Its own chunk:
 * the landing's first paint needs it only after a guard sent a guest home.
 */
export default function GuardNotice({ next }: { next: string }) {
  const { t } = useTranslation();
  const script = useScript();
  return (
    <div className={styles.notice} role="status" data-testid="guard-notice">
      <p className={styles.text}>{script.text(t('guard.loginNeeded'))}</p>
      <Link to={loginHref(next)} className={styles.button} {...script.label(t('header.login'))}>
        {script.text(t('header.login'))}
      </Link>
    </div>
  );
}
