import { useTranslation } from 'react-i18next';
import { EmailConfirmCard } from '../../features/accounts';
import { AccountFrame } from '../layouts/account-frame';

/** The page an e-mail confirmation link opens: confirms the address at once. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AccountFrame title={t('titles.emailConfirm')}>
      <EmailConfirmCard />
    </AccountFrame>
  );
}
