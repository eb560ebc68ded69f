import { useTranslation } from 'react-i18next';
import { UnsubscribeCard } from '../../features/notices';
import { AccountFrame } from '../layouts/account-frame';

/** The page a notice mail's unsubscribe link opens (no sign-in). */
export function Component() {
  const { t } = useTranslation();
  return (
    <AccountFrame title={t('titles.noticesUnsubscribe')}>
      <UnsubscribeCard />
    </AccountFrame>
  );
}
