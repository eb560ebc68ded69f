import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/polls';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** A destructive action is red. */
  danger?: boolean;
  pending?: boolean;
  /** Extra fields (the cancel reason); the confirm button submits them as a form. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before a poll action (finish, cancel, delete), on the shell's overlay stack. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, confirmLabel, danger, pending, children, onConfirm, onClose } = props;
  const { t } = useTranslation('polls');
  const script = useScript();
  const titleId = useId();
  const close = () => {
    if (!pending) onClose();
  };
  const overlay = useOverlay({ open, onClose: close });

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
          <DialogContentText>{script.text(text)}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending} {...script.label(t('actions.back'))}>
            {script.text(t('actions.back'))}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            disabled={pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
            {...script.label(confirmLabel)}
          >
            {script.text(confirmLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
