import type { SearchResult } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonLabel } from '../../../components/person-label';
import '../../../lib/i18n/areas/person';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { useFamily } from '../api/person-page-api';
import { useEventTitle } from '../hooks/use-event-title';
import {
  emptyUnion,
  emptyUnionEvent,
  parseUnion,
  SPOUSE_REQUIRED,
  UNION_EVENT_TYPES,
  unionFormOf,
  unionsPatch,
  type EventFormValues,
  type RecordErrors,
  type UnionFormValues,
} from '../lib/records-form';
import { PersonSearch } from './person-search';
import { RowButton } from './record-buttons';
import { CitationRows } from './record-citation-rows';
import { RecordDialog, useLayer, useRecordsSubmit, type RecordEditorProps } from './record-dialog';
import { EventFields, withoutErrorsOf } from './record-event-dialog';
import {
  emptyNoteFields,
  NoteFields,
  noteFieldsEmpty,
  noteOfFields,
  type NoteFieldValues,
} from './record-note-dialog';

/** The messages under `prefix.` (`events.0.`), keyed by what follows it. */
function errorsUnder(errors: RecordErrors, prefix: string): RecordErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** The spouse of a new union, found by name; its list opens above the dialog. */
function SpouseField({
  value,
  error,
  onChange,
}: {
  value: SearchResult | null;
  error?: string;
  onChange: (found: SearchResult) => void;
}) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const layer = useLayer();
  return (
    <Box>
      <PersonSearch
        id="union-spouse"
        label={t('union.spouse')}
        value={value}
        onSelect={onChange}
        autoFocus
        popperZIndex={layer.zIndex}
      />
      <Typography
        variant="caption"
        color={error ? 'error' : 'text.secondary'}
        id="union-spouse-help"
        sx={{ display: 'block', mx: 1.75, mt: 0.5 }}
      >
        {script.text(error ?? t('union.spouseHelp'))}
      </Typography>
    </Box>
  );
}

/** The union's notes, each to take away, and one to add with the person's note fields. */
function UnionNotes({
  values,
  onChange,
  adding,
  onAdding,
}: {
  values: UnionFormValues['notes'];
  onChange: (notes: UnionFormValues['notes']) => void;
  adding: NoteFieldValues | null;
  onAdding: (fields: NoteFieldValues | null) => void;
}) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {script.text(t('union.notes'))}
      </Typography>
      <Stack spacing={1}>
        {values.length === 0 && adding === null && (
          <Typography variant="body2" color="textSecondary">
            {script.text(t('union.notesNone'))}
          </Typography>
        )}
        {values.map((note) => (
          <Stack
            key={note.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
            data-union-note-row={note.id}
          >
            <Typography
              variant="body2"
              sx={{ flex: 1, minWidth: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {script.text(note.text)}
            </Typography>
            <RowButton
              kind="remove"
              label={t('union.removeNote', { text: excerpt(note.text) })}
              onClick={() => onChange(values.filter((item) => item.id !== note.id))}
            />
          </Stack>
        ))}
        {adding ? (
          <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="union-note-form">
            <Stack spacing={2}>
              <NoteFields idPrefix="union-note" values={adding} onChange={onAdding} autoFocus />
              <Box>
                <Button size="small" onClick={() => onAdding(null)}>
                  {script.text(t('union.cancelNote'))}
                </Button>
              </Box>
            </Stack>
          </Paper>
        ) : (
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onAdding(emptyNoteFields)}
              data-testid="add-union-note"
            >
              {script.text(t('union.addNote'))}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

/** A note's first line, short enough for a button's name. */
function excerpt(text: string): string {
  const line = text.split('\n').find((part) => part.trim() !== '') ?? '';
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

/**
 * A union of the person (a marriage): the spouse (chosen by name for a new one), its order
 * among the person's unions, its events (marriage, divorce… with the person's event fields),
 * citations and notes (picked or written as the person's are). All the person's unions go in
 * one PATCH; a new spouse joins `spouse_ids` in it.
 */
export function UnionDialog({
  person,
  spouseId,
  moderator,
  onClose,
}: RecordEditorProps & { spouseId: number | null }) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const eventTitle = useEventTitle();
  const family = useFamily(person.id);
  const union = person.unions.find((item) => item.spouse.id === spouseId) ?? null;
  const [values, setValues] = useState<UnionFormValues>(() =>
    union ? unionFormOf(union) : emptyUnion,
  );
  // A spouse chosen in the search keeps the whole result, to show its label in the box.
  const [chosen, setChosen] = useState<SearchResult | null>(null);
  const [errors, setErrors] = useState<RecordErrors>({});
  // A note being added: linked on save (a written one is made first).
  const [addingNote, setAddingNote] = useState<NoteFieldValues | null>(null);
  const [creatingNote, setCreatingNote] = useState(false);
  // A member's new note waits for review: the union is saved without it, and the dialog says so.
  const [noteProposed, setNoteProposed] = useState(false);
  const { submit, saving, conflict } = useRecordsSubmit(person);
  // The spouse told apart from namesakes, as the family section shows them.
  const spouseFacts = family.data?.unions.find(
    (item) => item.spouse && item.spouse.id === values.spouse?.id,
  )?.spouse;

  const set = <K extends keyof UnionFormValues>(key: K, value: UnionFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => withoutErrorsOf(previous, key));
  };
  const setEvent =
    (index: number) =>
    <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
      setValues((previous) => ({
        ...previous,
        events: previous.events.map((event, at) =>
          at === index ? { ...event, [key]: value } : event,
        ),
      }));
      setErrors((previous) => {
        const prefix = `events.${index}.`;
        const own = withoutErrorsOf(errorsUnder(previous, prefix), key);
        return {
          ...Object.fromEntries(Object.entries(previous).filter(([k]) => !k.startsWith(prefix))),
          ...Object.fromEntries(Object.entries(own).map(([k, m]) => [`${prefix}${k}`, m])),
        };
      });
    };
  const removeEvent = (index: number) => {
    set(
      'events',
      values.events.filter((_event, at) => at !== index),
    );
    // Messages of the events after it would point at the wrong one.
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([key]) => !key.startsWith('events.'))),
    );
  };

  const handleSubmit = async () => {
    const parsed = parseUnion(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const union = parsed.data;
    let proposedNote = false;
    if (addingNote && !noteFieldsEmpty(addingNote)) {
      setCreatingNote(true);
      const found = await noteOfFields(addingNote).finally(() => setCreatingNote(false));
      if (!found.ok) {
        setErrors({ form: found.error ?? t('noteRequired') });
        return;
      }
      // Made or chosen once: the form lists it, and a second save does not make it again.
      setAddingNote(null);
      if (found.id === null) proposedNote = true;
      else if (!union.note_ids.includes(found.id)) {
        union.note_ids = [...union.note_ids, found.id];
        const { note, text, isPrivate } = addingNote;
        set('notes', [
          ...values.notes,
          note
            ? { id: found.id, text: note.text, is_private: note.is_private }
            : { id: found.id, text, is_private: isPrivate },
        ]);
      }
    }
    const { body, index } = unionsPatch(person, spouseId, union);
    const outcome = await submit(body, `unions.${index}`);
    if (!outcome.ok) setErrors(outcome.errors);
    else if (proposedNote) setNoteProposed(true);
    else onClose();
  };

  const spouseError = errors.spouse_id === SPOUSE_REQUIRED ? t('union.spouseRequired') : undefined;
  const listError = errors.events;
  const formError =
    errors.form ??
    errors.note_ids ??
    (errors.spouse_id && errors.spouse_id !== SPOUSE_REQUIRED ? errors.spouse_id : undefined);

  const title = union ? t('union.editTitle') : t('union.addTitle');
  if (noteProposed) {
    return (
      <RecordDialog
        title={title}
        moderator={moderator}
        readOnly
        saving={false}
        conflict={null}
        onSubmit={onClose}
        onClose={onClose}
      >
        <Alert severity="success" data-testid="note-proposed">
          {script.text(t('union.noteProposed'))}
        </Alert>
      </RecordDialog>
    );
  }

  return (
    <RecordDialog
      title={title}
      moderator={moderator}
      saving={saving || creatingNote}
      conflict={conflict}
      formError={formError}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      {union ? (
        <Box data-testid="union-spouse">
          <Typography variant="body2" color="textSecondary">
            {script.text(t('union.spouse'))}
          </Typography>
          <Typography>
            {spouseFacts ? <PersonLabel person={spouseFacts} /> : script.text(union.spouse.name)}
          </Typography>
        </Box>
      ) : (
        <SpouseField
          value={chosen}
          error={spouseError}
          onChange={(found) => {
            setChosen(found);
            set('spouse', { id: found.id, name: found.name });
          }}
        />
      )}
      <TextField
        id="union-position"
        type="number"
        label={script.field(t('union.position'))}
        value={values.position}
        onChange={(change) => set('position', change.target.value)}
        error={Boolean(errors.position)}
        helperText={script.text(errors.position ?? t('union.positionHelp'))}
        slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }}
        fullWidth
      />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {script.text(t('union.events'))}
        </Typography>
        <Stack spacing={1.5}>
          {values.events.length === 0 && (
            <Typography variant="body2" color="textSecondary">
              {script.text(t('union.eventsNone'))}
            </Typography>
          )}
          {values.events.map((event, index) => {
            const title = eventTitle({ type: event.type, custom_type: event.custom_type || null });
            return (
              <Paper
                key={index}
                variant="outlined"
                sx={{ p: 1.5 }}
                data-union-event-form={index}
                role="group"
                aria-label={t('union.eventNumber', { n: index + 1, title })}
              >
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {script.text(t('union.eventNumber', { n: index + 1, title }))}
                  </Typography>
                  <RowButton
                    kind="remove"
                    label={t('union.removeEvent', { n: index + 1, title })}
                    onClick={() => removeEvent(index)}
                  />
                </Stack>
                <Stack spacing={2}>
                  <EventFields
                    idPrefix={`union-event-${index}`}
                    values={event}
                    onChange={setEvent(index)}
                    errors={errorsUnder(errors, `events.${index}.`)}
                    types={UNION_EVENT_TYPES}
                  />
                  {event.media.length > 0 && (
                    <Typography
                      variant="body2"
                      color="textSecondary"
                      data-union-event-media={index}
                    >
                      {script.text(t('union.eventMedia', { n: event.media.length }))}
                    </Typography>
                  )}
                </Stack>
              </Paper>
            );
          })}
          {listError && (
            <Typography variant="body2" color="error">
              {script.text(listError)}
            </Typography>
          )}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => set('events', [...values.events, emptyUnionEvent])}
              data-testid="add-union-event"
            >
              {script.text(tp('edit.addEvent'))}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Stack>
        <CitationRows
          id="union-citation"
          rows={values.citations}
          onChange={(rows) => set('citations', rows)}
          errors={errorsUnder(errors, 'citations.')}
        />
      </Stack>
      <UnionNotes
        values={values.notes}
        onChange={(notes) => set('notes', notes)}
        adding={addingNote}
        onAdding={setAddingNote}
      />
    </RecordDialog>
  );
}
