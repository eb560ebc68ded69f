import type { Person } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useScript } from '../../../lib/script';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
  return (
    <ConfirmDialog
      open
      title={t('editor.deleteTitle')}
      text={t(body, { name: person.name })}
      confirmLabel={moderator ? t('editor.delete') : t('editor.propose')}
      cancelLabel={t('cancel')}
      danger
      pending={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
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
    </ConfirmDialog>
  );
}
