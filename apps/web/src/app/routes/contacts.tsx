import { useTranslation } from 'react-i18next';
import { ContactsPage } from '../../features/content';

/** Байланыш. */
export function Component() {
  const { t } = useTranslation();
  return <ContactsPage fallbackTitle={t('titles.contacts')} />;
}
