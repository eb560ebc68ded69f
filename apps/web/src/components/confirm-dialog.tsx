import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../lib/script';
import { useOverlay } from '../lib/use-overlay';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The button that closes the dialog ('Жокко чыгаруу' unless that names the action). */
  cancelLabel?: string;
  /** A destructive action (delete, cancel a poll) is red. */
  danger?: boolean;
  /** While the action runs the buttons wait and the dialog stays open. */
  pending?: boolean;
  /** Extra fields (a reason, a warning); Enter in them confirms. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A question before an action (delete, block, finish…), on the shell's overlay stack: Escape,
 * an outside click and Back close it, except while the action runs.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger = false,
  pending = false,
  children,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const script = useScript();
  const titleId = useId();
  const close = () => {
    if (!pending) onClose();
  };
  const overlay = useOverlay({ open, onClose: close });
  const cancel = cancelLabel ?? t('dialog.cancel');

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
      <form
        noValidate
        style={{ display: 'contents' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onConfirm();
        }}
      >
        <DialogTitle id={titleId}>{script.text(title)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {script.text(text)}
          </DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending} {...script.label(cancel)}>
            {script.text(cancel)}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disableElevation
            color={danger ? 'error' : 'primary'}
            loading={pending}
            {...script.label(confirmLabel)}
          >
            {script.text(confirmLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
