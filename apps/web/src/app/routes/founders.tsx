import { useTranslation } from 'react-i18next';
import { FoundersPage } from '../../features/content';

/** Негиздөөчүлөр. */
export function Component() {
  const { t } = useTranslation();
  return <FoundersPage fallbackTitle={t('titles.founders')} />;
}
