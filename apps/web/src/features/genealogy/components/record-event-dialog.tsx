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
 * The fields of one event: type (of `types`), date read back in Kyrgyz as it is typed, place,
 * value, note and citations. The person's events and a union's events share them; `idPrefix`
 * names the inputs (`event-date`, `union-event-0-date`).
 */
export function EventFields({
  idPrefix,
  values,
  onChange,
  errors,
  types = EVENT_TYPES,
  autoFocus = false,
}: {
  idPrefix: string;
  values: EventFormValues;
  onChange: <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => void;
  /** Messages by field of this event (`date`, `citations.0.source_id`). */
  errors: RecordErrors;
  types?: readonly EventFormValues['type'][];
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const layer = useLayer();
  const date = dateReading(values.date);
  const dateError = errors.date ?? date.error ?? undefined;
  const text = (key: 'custom_type' | 'value' | 'note') => ({
    id: `${idPrefix}-${key}`,
    value: values[key],
    onChange: (change: { target: { value: string } }) => onChange(key, change.target.value),
    error: Boolean(errors[key]),
    fullWidth: true,
  });

  return (
    <>
      <TextField
        id={`${idPrefix}-type`}
        select
        slotProps={{ select: layer.select }}
        label={script.field(t('event.type'))}
        value={values.type}
        onChange={(change) => onChange('type', change.target.value as EventFormValues['type'])}
        autoFocus={autoFocus}
        fullWidth
      >
        {types.map((type) => (
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
        id={`${idPrefix}-date`}
        label={script.field(t('event.date'))}
        value={values.date}
        onChange={(change) => onChange('date', change.target.value)}
        error={Boolean(dateError)}
        helperText={script.text(
          dateError ??
            (date.reading ? t('event.dateReads', { reading: date.reading }) : t('event.dateHelp')),
        )}
        slotProps={{
          formHelperText: { id: `${idPrefix}-date-help`, role: 'status', 'aria-live': 'polite' },
          htmlInput: { spellCheck: false, autoCapitalize: 'characters' },
        }}
        fullWidth
      />
      <PlaceField
        id={`${idPrefix}-place`}
        value={values.place}
        onChange={(place) => onChange('place', place)}
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
          id={`${idPrefix}-citation`}
          rows={values.citations}
          onChange={(rows) => onChange('citations', rows)}
          errors={Object.fromEntries(
            Object.entries(errors)
              .filter(([key]) => key.startsWith('citations.'))
              .map(([key, message]) => [key.slice('citations.'.length), message]),
          )}
        />
      </Stack>
    </>
  );
}

/** The messages of a changed field go; the citations' ones go with the list. */
export function withoutErrorsOf(errors: RecordErrors, key: string): RecordErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => field.split('.')[0] !== key),
  );
}

/**
 * Adds an event to the person or edits one. The whole events list goes in one PATCH.
 */
export function EventDialog({
  person,
  eventId,
  moderator,
  onClose,
}: RecordEditorProps & { eventId: number | null }) {
  const { t } = useTranslation('personEdit');
  const event = person.events.find((item) => item.id === eventId) ?? null;
  const [values, setValues] = useState<EventFormValues>(() =>
    event ? eventFormOf(event) : emptyEvent,
  );
  const [errors, setErrors] = useState<RecordErrors>({});
  const { submit, saving, conflict } = useRecordsSubmit(person);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => withoutErrorsOf(previous, key));
  };

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
      <EventFields idPrefix="event" values={values} onChange={set} errors={errors} autoFocus />
    </RecordDialog>
  );
}
