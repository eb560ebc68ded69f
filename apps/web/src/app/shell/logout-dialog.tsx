import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAppStore } from '../../lib/app-store';
import { logout } from '../../lib/logout';
import { useLogoutDialogStore } from './logout-store';

const close = () => useLogoutDialogStore.setState({ open: false });

/**
 * 'Сайттан чыгасызбы?': closes the question and the drawer, then signs out (docs/product.md,
 * Logout).
 */
export default function LogoutDialog() {
  const { t } = useTranslation();
  const open = useLogoutDialogStore((state) => state.open);
  return (
    <ConfirmDialog
      open={open}
      title={t('header.logout')}
      text={t('logout.question')}
      confirmLabel={t('logout.confirm')}
      onConfirm={() => {
        close();
        useAppStore.getState().setDrawer(false);
        void logout();
      }}
      onClose={close}
    />
  );
}
