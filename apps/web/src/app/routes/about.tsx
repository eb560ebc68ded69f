import { useTranslation } from 'react-i18next';
import { AboutPage } from '../../features/content';

/** Багыш уруусу. */
export function Component() {
  const { t } = useTranslation();
  return <AboutPage fallbackTitle={t('titles.about')} />;
}
