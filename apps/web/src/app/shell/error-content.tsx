import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/page-title';
import { useScript } from '../../lib/script';
import styles from './error-content.module.css';

/**
 * The error page: not found (unknown path, missing item), forbidden (a staff page opened by a
 * member), the connection lost (a page whose code could not load offline) or a failure, with a
 * link home. Drawn without MUI: the frame shows it when a page's
 * code failed to load.
 */
export function ErrorContent({
  notFound,
  forbidden = false,
}: {
  notFound: boolean;
  forbidden?: boolean;
}) {
  const { t } = useTranslation();
  const script = useScript();
  const heading = notFound
    ? t('errors.notFound')
    : forbidden
      ? t('errors.forbidden')
      : navigator.onLine
        ? t('errors.generic')
        : t('notices.offline');
  usePageTitle(heading);

  return (
    <div className={`container container-md ${styles.page}`}>
      <p aria-hidden className={styles.code}>
        {notFound ? '404' : forbidden ? '403' : '!'}
      </p>
      <h1 className={`t-h4 ${styles.heading}`}>{script.text(heading)}</h1>
      {(notFound || forbidden) && (
        <p className={`t-body1 t-secondary ${styles.text}`}>
          {script.text(notFound ? t('errors.notFoundText') : t('errors.forbiddenText'))}
        </p>
      )}
      <LinkButton to={paths.home()} style={{ marginTop: 32 }} {...script.label(t('errors.home'))}>
        {script.text(t('errors.home'))}
      </LinkButton>
    </div>
  );
}
