import type { Person } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';
import { deletePerson, type SubmitResult } from '../api/genealogy-api';

/**
 * "Инсанды өчүрүү керекпи?" of the person page. A moderator's delete applies at once, a
 * member's is sent as a proposal; a refusal (children not moved, a clan's founder, a stale
 * version) stays in the dialog with the server's message, and nothing changes.
 */
export function DeletePersonDialog({
  person,
  moderator,
  onClose,
  onDone,
}: {
  person: Person;
  moderator: boolean;
  onClose: () => void;
  onDone: (result: SubmitResult) => void;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const overlay = useOverlay({ open: true, onClose, persistent: busy });

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await deletePerson(person.id, person.version));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('error'));
      setBusy(false);
    }
  };

  const body = moderator ? 'editor.deleteBody' : 'editor.deleteProposalBody';
  const confirmLabel = moderator ? t('editor.delete') : t('editor.propose');
  return (
    <Dialog
      open
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{script.text(t('editor.deleteTitle'))}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {script.text(t(body, { name: person.name }))}
        </DialogContentText>
        {person.child_count > 0 && !error && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {script.text(t('editor.deleteChildrenNote'))}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="delete-error">
            {script.text(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} {...script.label(t('cancel'))}>
          {script.text(t('cancel'))}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          loading={busy}
          {...script.label(confirmLabel)}
        >
          {script.text(confirmLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
