import { Alert, Snackbar } from '@mui/material';
import type { ReactNode } from 'react';

/** The notice of a failed export (6 s), loaded when an export first fails. */
export default function ExportError({
  open,
  message,
  onClose,
}: {
  open: boolean;
  message: ReactNode;
  onClose: () => void;
}) {
  return (
    <Snackbar open={open} autoHideDuration={6000} onClose={onClose}>
      <Alert severity="error" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  );
}
