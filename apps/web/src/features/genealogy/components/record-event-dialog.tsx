import { EVENT_TYPES } from '@bagysh/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import {
  dateReading,
  emptyEvent,
  eventFormOf,
  eventsPatch,
  parseEvent,
  type EventFormValues,
  type RecordErrors,
} from '../lib/records-form';
import { CitationRows } from './record-citation-rows';
import { PlaceField } from './record-place-field';
import { RecordDialog, useLayer, useRecordsSubmit, type RecordEditorProps } from './record-dialog';

/**
 * Adds an event to the person or edits one: type, date (read back in Kyrgyz as it is typed),
 * place, value, note and citations. The whole events list goes in one PATCH.
 */
export function EventDialog({
  person,
  eventId,
  moderator,
  onClose,
}: RecordEditorProps & { eventId: number | null }) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const layer = useLayer();
  const event = person.events.find((item) => item.id === eventId) ?? null;
  const [values, setValues] = useState<EventFormValues>(() =>
    event ? eventFormOf(event) : emptyEvent,
  );
  const [errors, setErrors] = useState<RecordErrors>({});
  const { submit, saving, conflict } = useRecordsSubmit(person);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    // A changed field's message goes; the citations' ones go with the list.
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([field]) => field.split('.')[0] !== key)),
    );
  };
  const date = dateReading(values.date);
  const dateError = errors.date ?? date.error ?? undefined;

  const handleSubmit = async () => {
    const parsed = parseEvent(values, event?.media);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const { body, index } = eventsPatch(person, eventId, parsed.data);
    const outcome = await submit(body, `events.${index}`);
    if (outcome.ok) onClose();
    else setErrors(outcome.errors);
  };

  const text = (key: 'custom_type' | 'value' | 'note') => ({
    id: `event-${key}`,
    value: values[key],
    onChange: (change: { target: { value: string } }) => set(key, change.target.value),
    error: Boolean(errors[key]),
    fullWidth: true,
  });

  return (
    <RecordDialog
      title={event ? t('event.editTitle') : t('event.addTitle')}
      moderator={moderator}
      saving={saving}
      conflict={conflict}
      formError={errors.form}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <TextField
        id="event-type"
        select
        slotProps={{ select: layer.select }}
        label={script.field(t('event.type'))}
        value={values.type}
        onChange={(change) => set('type', change.target.value as EventFormValues['type'])}
        autoFocus
        fullWidth
      >
        {EVENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {script.text(tp(`event.${type}`))}
          </MenuItem>
        ))}
      </TextField>
      {values.type === 'other' && (
        <TextField
          {...text('custom_type')}
          label={script.field(t('event.customType'))}
          helperText={script.text(errors.custom_type)}
          required
        />
      )}
      <TextField
        id="event-date"
        label={script.field(t('event.date'))}
        value={values.date}
        onChange={(change) => set('date', change.target.value)}
        error={Boolean(dateError)}
        helperText={script.text(
          dateError ??
            (date.reading ? t('event.dateReads', { reading: date.reading }) : t('event.dateHelp')),
        )}
        slotProps={{
          formHelperText: { id: 'event-date-help', role: 'status', 'aria-live': 'polite' },
          htmlInput: { spellCheck: false, autoCapitalize: 'characters' },
        }}
        fullWidth
      />
      <PlaceField
        id="event-place"
        value={values.place}
        onChange={(place) => set('place', place)}
        error={errors.place ?? errors.place_id}
      />
      <TextField
        {...text('value')}
        label={script.field(t('event.value'))}
        helperText={script.text(errors.value ?? t('event.valueHelp'))}
      />
      <TextField
        {...text('note')}
        label={script.field(t('event.note'))}
        helperText={script.text(errors.note)}
        multiline
        minRows={2}
      />
      <Stack>
        <CitationRows
          id="event-citation"
          rows={values.citations}
          onChange={(rows) => set('citations', rows)}
          errors={Object.fromEntries(
            Object.entries(errors)
              .filter(([key]) => key.startsWith('citations.'))
              .map(([key, message]) => [key.slice('citations.'.length), message]),
          )}
        />
      </Stack>
    </RecordDialog>
  );
}
