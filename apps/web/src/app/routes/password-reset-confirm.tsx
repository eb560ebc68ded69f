import { useTranslation } from 'react-i18next';
import { PasswordResetConfirmCard } from '../../features/accounts';
import { AccountFrame } from '../layouts/account-frame';

/** The page a mailed reset link opens (the token in the fragment): a new password. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AccountFrame title={t('titles.passwordResetConfirm')}>
      <PasswordResetConfirmCard />
    </AccountFrame>
  );
}
