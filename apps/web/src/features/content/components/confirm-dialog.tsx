import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlay } from '../../../lib/use-overlay';
import { useScript } from '../../../lib/script';
import '../../../lib/i18n/areas/content';

/** "Өчүрүү керекпи?" before a delete (or any confirmed action). */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  text,
  confirmLabel,
  busy = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  text: string;
  confirmLabel?: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('content');
  const script = useScript();
  const overlay = useOverlay({ open, onClose });
  const titleId = useId();
  const confirm = confirmLabel ?? t('common.delete');
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
      <DialogTitle id={titleId}>{script.text(t('common.confirmDelete'))}</DialogTitle>
      <DialogContent>
        <Typography>{script.text(text)}</Typography>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} {...script.label(t('common.cancel'))}>
          {script.text(t('common.cancel'))}
        </Button>
        <Button
          color="error"
          variant="contained"
          disableElevation
          loading={busy}
          onClick={onConfirm}
          {...script.label(confirm)}
        >
          {script.text(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
