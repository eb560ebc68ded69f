import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/accounts';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';

/** A yes/no question through the shared overlay behaviour (Escape, outside click, Back). */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const overlay = useOverlay({ open, onClose });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{script.text(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{script.text(question)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} {...script.label(t('users.cancel'))}>
          {script.text(t('users.cancel'))}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={onConfirm}
          {...script.label(confirmLabel)}
        >
          {script.text(confirmLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
