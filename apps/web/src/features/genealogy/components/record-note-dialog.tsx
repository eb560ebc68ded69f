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

type Mode = 'existing' | 'write';

/**
 * Links a shared note to the person: one found by its text, or a new one written here (made
 * through /api/notes/, then linked). A member's new note is itself a proposal: it can be
 * linked once a moderator accepts it, and the dialog says so.
 */
export function NoteDialog({ person, moderator, onClose }: RecordEditorProps) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const [mode, setMode] = useState<Mode>('existing');
  const [note, setNote] = useState<NoteSummary | null>(null);
  const [text, setText] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [proposed, setProposed] = useState(false);
  const [creating, setCreating] = useState(false);
  const { submit, saving, conflict } = useRecordsSubmit(person);
  const noteLabel = useCallback((option: NoteSummary) => script.plain(option.text), [script]);

  const handleSubmit = async () => {
    setError(null);
    let noteId = note?.id ?? null;
    if (mode === 'write') {
      const input = NoteInput.safeParse({ text, is_private: isPrivate });
      if (!input.success) {
        setError(t('noteRequired'));
        return;
      }
      setCreating(true);
      try {
        noteId = await createNote(input.data);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : null);
        return;
      } finally {
        setCreating(false);
      }
      if (noteId === null) {
        setProposed(true);
        return;
      }
    }
    if (noteId === null) {
      setError(t('noteRequired'));
      return;
    }
    const outcome = await submit(notesPatch(person, noteIdsWith(person, noteId)), 'note_ids');
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
        <>
          <ChoiceToggle
            value={mode}
            choices={[
              { value: 'existing', label: t('note.existing') },
              { value: 'write', label: t('note.write') },
            ]}
            onChange={setMode}
          />
          {mode === 'existing' ? (
            <RecordPicker
              id="note-pick"
              label={t('note.pick')}
              help={t('note.pickHelp')}
              value={note}
              onChange={setNote}
              useOptions={useNoteOptions}
              getLabel={noteLabel}
              autoFocus
            />
          ) : (
            <>
              <TextField
                id="note-text"
                label={script.field(t('note.text'))}
                value={text}
                onChange={(event) => setText(event.target.value)}
                multiline
                minRows={4}
                fullWidth
                autoFocus
                required
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={isPrivate}
                    onChange={(event) => setIsPrivate(event.target.checked)}
                  />
                }
                label={script.field(t('note.private'))}
              />
            </>
          )}
        </>
      )}
    </RecordDialog>
  );
}
