import { useTranslation } from 'react-i18next';
import { PasswordResetRequestCard } from '../../features/accounts';
import { AccountFrame } from '../layouts/account-frame';

/** Password reset (blank layout): the address a one-time link goes to. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AccountFrame title={t('titles.passwordReset')}>
      <PasswordResetRequestCard />
    </AccountFrame>
  );
}
