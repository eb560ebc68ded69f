import { NoteInput, type NoteSummary } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { createNote, useNoteOptions } from '../api/person-records-api';
import { noteIdsWith, notesPatch } from '../lib/records-form';
import { ChoiceToggle } from './record-buttons';
import { RecordDialog, useRecordsSubmit, type RecordEditorProps } from './record-dialog';
import { RecordPicker } from './record-picker';

/** A note to link: one found by its text, or a new one written here. */
export interface NoteFieldValues {
  mode: 'existing' | 'write';
  note: NoteSummary | null;
  text: string;
  isPrivate: boolean;
}

export const emptyNoteFields: NoteFieldValues = {
  mode: 'existing',
  note: null,
  text: '',
  isPrivate: false,
};

/** Nothing chosen and nothing written. */
export function noteFieldsEmpty(values: NoteFieldValues): boolean {
  return values.mode === 'existing' ? values.note === null : values.text.trim() === '';
}

/**
 * The note the fields name, by id: the chosen one, or the written one made first through
 * /api/notes/. `id` null: a member's new note waits as a proposal and cannot be linked yet.
 */
export async function noteOfFields(
  values: NoteFieldValues,
): Promise<
  { ok: true; id: number | null } | { ok: false; required: boolean; error: string | null }
> {
  const required = { ok: false, required: true, error: null } as const;
  if (values.mode === 'existing') {
    return values.note ? { ok: true, id: values.note.id } : required;
  }
  const input = NoteInput.safeParse({ text: values.text, is_private: values.isPrivate });
  if (!input.success) return required;
  try {
    return { ok: true, id: await createNote(input.data) };
  } catch (failure) {
    return { ok: false, required: false, error: failure instanceof Error ? failure.message : null };
  }
}

/**
 * The fields of a note to link (the person's notes, a union's notes): pick an existing one by
 * its text, or write a new one, members-only if ticked.
 */
export function NoteFields({
  idPrefix,
  values,
  onChange,
  autoFocus = false,
}: {
  idPrefix: string;
  values: NoteFieldValues;
  onChange: (values: NoteFieldValues) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const noteLabel = useCallback((option: NoteSummary) => script.plain(option.text), [script]);
  const set = <K extends keyof NoteFieldValues>(key: K, value: NoteFieldValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <>
      <ChoiceToggle
        value={values.mode}
        choices={[
          { value: 'existing', label: t('note.existing') },
          { value: 'write', label: t('note.write') },
        ]}
        onChange={(mode) => set('mode', mode)}
      />
      {values.mode === 'existing' ? (
        <RecordPicker
          id={`${idPrefix}-pick`}
          label={t('note.pick')}
          help={t('note.pickHelp')}
          value={values.note}
          onChange={(note) => set('note', note)}
          useOptions={useNoteOptions}
          getLabel={noteLabel}
          autoFocus={autoFocus}
        />
      ) : (
        <>
          <TextField
            id={`${idPrefix}-text`}
            label={script.field(t('note.text'))}
            value={values.text}
            onChange={(event) => set('text', event.target.value)}
            multiline
            minRows={4}
            fullWidth
            autoFocus={autoFocus}
            required
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={values.isPrivate}
                onChange={(event) => set('isPrivate', event.target.checked)}
              />
            }
            label={script.field(t('note.private'))}
          />
        </>
      )}
    </>
  );
}

/**
 * Links a shared note to the person: one found by its text, or a new one written here (made
 * through /api/notes/, then linked). A member's new note is itself a proposal: it can be
 * linked once a moderator accepts it, and the dialog says so.
 */
export function NoteDialog({ person, moderator, onClose }: RecordEditorProps) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const [values, setValues] = useState<NoteFieldValues>(emptyNoteFields);
  const [error, setError] = useState<string | null>(null);
  const [proposed, setProposed] = useState(false);
  const [creating, setCreating] = useState(false);
  const { submit, saving, conflict } = useRecordsSubmit(person);

  const handleSubmit = async () => {
    setError(null);
    setCreating(true);
    const found = await noteOfFields(values).finally(() => setCreating(false));
    if (!found.ok) {
      setError(found.required ? t('noteRequired') : found.error);
      return;
    }
    if (found.id === null) {
      setProposed(true);
      return;
    }
    const outcome = await submit(notesPatch(person, noteIdsWith(person, found.id)), 'note_ids');
    if (outcome.ok) onClose();
    else setError(Object.values(outcome.errors)[0] ?? null);
  };

  return (
    <RecordDialog
      title={t('note.title')}
      moderator={moderator}
      saving={saving || creating}
      conflict={conflict}
      formError={error ?? undefined}
      readOnly={proposed}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      {proposed ? (
        <Alert severity="success" data-testid="note-proposed">
          {script.text(t('note.proposed'))}
        </Alert>
      ) : (
        <NoteFields idPrefix="note" values={values} onChange={setValues} autoFocus />
      )}
    </RecordDialog>
  );
}
