import { PERSON_CLAIM_LIMITS, validationMessages, type PersonLink } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { genealogyKeys } from '../api/genealogy-keys';
import { requestPersonClaim } from '../api/person-claims-api';

/**
 * "Бул мен" of the person page and the profile: the member's request to be linked to `person`,
 * with a note of evidence (required). The server's refusal (already linked, a request waiting,
 * the person taken) stays in the dialog with its message.
 */
export function ThisIsMeDialog({ person, onClose }: { person: PersonLink; onClose: () => void }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (note.trim() === '') {
      setNoteError(validationMessages.required);
      return;
    }
    setBusy(true);
    setError(null);
    setNoteError(null);
    try {
      await requestPersonClaim(person.id, note.trim());
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.myClaims() });
      void notify(t('claims.sent'), { type: 'success' });
      onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      if (fields.note) setNoteError(fields.note.join(' '));
      else setError(failure instanceof Error ? failure.message : t('error'));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t('claims.dialogTitle')}
      text={t('claims.dialogText', { name: person.name })}
      confirmLabel={t('claims.send')}
      cancelLabel={t('cancel')}
      pending={busy}
      onConfirm={() => void send()}
      onClose={onClose}
    >
      <TextField
        label={script.field(t('claims.note'))}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        required
        multiline
        minRows={3}
        fullWidth
        autoFocus
        error={noteError !== null}
        helperText={
          noteError
            ? script.text(noteError)
            : `${note.length} / ${PERSON_CLAIM_LIMITS.noteMaxLength}`
        }
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: PERSON_CLAIM_LIMITS.noteMaxLength } }}
        data-testid="claim-note"
      />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="claim-error">
          {script.text(error)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
