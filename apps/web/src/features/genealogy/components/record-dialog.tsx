import type { Person, UpdatePersonInput } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/genealogy';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { OverlayLayer, usePopupLayer } from '../../../lib/overlay-layer';
import { useOverlay } from '../../../lib/use-overlay';
import { genealogyKeys, updatePerson } from '../api/genealogy-api';
import { apiRecordErrors, type RecordErrors } from '../lib/records-form';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';

/** What every record dialog of the person page is given. */
export interface RecordEditorProps {
  person: Person;
  moderator: boolean;
  onClose: () => void;
}

/** How a records PATCH ended: sent (and whether it waits for review), or refused. */
export type SubmitOutcome = { ok: true } | { ok: false; errors: RecordErrors };

/**
 * Sends one PATCH of the person's records and tells the user how it went, as the person
 * editor does: a member's change waits for review, a moderator's applies at once. A stale
 * version (409) asks to reload; the API's 400 messages come back by field, `prefix` naming the
 * edited list item (`events.2`).
 */
export function useRecordsSubmit(person: Person) {
  const { t } = useTranslation('genealogy');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const submit = async (body: UpdatePersonInput, prefix = ''): Promise<SubmitOutcome> => {
    setConflict(null);
    setSaving(true);
    try {
      const result = await updatePerson(person.id, body);
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
      void notify(result.pending ? t('editor.sentForReview') : t('editor.saved'), {
        type: 'success',
      });
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
        return { ok: false, errors: {} };
      }
      if (error instanceof ApiError && error.status === 400) {
        return { ok: false, errors: apiRecordErrors(error.fieldErrors, prefix) };
      }
      return { ok: false, errors: { form: error instanceof Error ? error.message : t('error') } };
    } finally {
      setSaving(false);
    }
  };

  return { submit, saving, conflict };
}

/**
 * Props that lift a field's popup (an Autocomplete's list, a select's menu) one layer above
 * the record dialog it is in (lib/overlay-layer.ts).
 */
export const useLayer = usePopupLayer;

interface RecordDialogProps {
  title: string;
  moderator: boolean;
  saving: boolean;
  conflict: string | null;
  formError?: string;
  /** The submit button's text when it is not the usual "save" / "propose". */
  submitLabel?: string;
  /** No submit button (a dialog whose rows act on their own). */
  readOnly?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every record dialog: title, the proposal note for members, the conflict and
 * form errors, the fields, and Cancel / Save (Propose). Full screen on a phone.
 */
export function RecordDialog({
  title,
  moderator,
  saving,
  conflict,
  formError,
  submitLabel,
  readOnly = false,
  onSubmit,
  onClose,
  children,
}: RecordDialogProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const phone = useMediaQuery(widthBelow('sm'));
  const overlay = useOverlay({ open: true, onClose, persistent: saving });
  const titleId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Dialog
      open
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <OverlayLayer zIndex={overlay.zIndex}>
        <form onSubmit={handleSubmit} noValidate>
          <DialogTitle id={titleId}>{script.text(title)}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {!moderator && !readOnly && (
                <Alert severity="info">{script.text(t('editor.proposalNote'))}</Alert>
              )}
              {conflict && (
                <Alert
                  severity="warning"
                  data-testid="conflict"
                  action={
                    <Button
                      color="inherit"
                      onClick={() => {
                        void queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
                        onClose();
                      }}
                    >
                      {script.text(t('editor.reload'))}
                    </Button>
                  }
                >
                  {script.text(`${conflict} ${t('editor.conflictHelp')}`)}
                </Alert>
              )}
              {formError && (
                <Alert severity="error" data-testid="record-form-error">
                  {script.text(formError)}
                </Alert>
              )}
              {children}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={saving}>
              {script.text(t('cancel'))}
            </Button>
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={saving}>
                {script.text(
                  saving
                    ? t('editor.saving')
                    : (submitLabel ?? (moderator ? t('save') : t('editor.propose'))),
                )}
              </Button>
            )}
          </DialogActions>
        </form>
      </OverlayLayer>
    </Dialog>
  );
}
