import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../lib/app-store';
import { logout } from '../../lib/logout';
import { useScript } from '../../lib/script';
import { useOverlay } from '../../lib/use-overlay';
import { useLogoutDialogStore } from './logout-store';

/** Closes the question and the drawer, then signs out (src/lib/logout.ts, spec §8). */
function useLogout() {
  return () => {
    useLogoutDialogStore.setState({ open: false });
    useAppStore.getState().setDrawer(false);
    void logout();
  };
}

export default function LogoutDialog() {
  const { t } = useTranslation();
  const script = useScript();
  const open = useLogoutDialogStore((state) => state.open);
  const close = () => useLogoutDialogStore.setState({ open: false });
  const logout = useLogout();
  const overlay = useOverlay({ open, onClose: close });

  return (
    <Dialog
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby="logout-dialog-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="logout-dialog-title">{script.text(t('header.logout'))}</DialogTitle>
      <DialogContent>
        <DialogContentText>{script.text(t('logout.question'))}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} {...script.label(t('logout.cancel'))}>
          {script.text(t('logout.cancel'))}
        </Button>
        <Button variant="contained" onClick={logout} {...script.label(t('logout.confirm'))}>
          {script.text(t('logout.confirm'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
