import type { SearchResult } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
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

/**
 * A union of the person (a marriage): the spouse (chosen by name for a new one), its order
 * among the person's unions, its events (marriage, divorce… with the person's event fields)
 * and its citations. All the person's unions go in one PATCH; a new spouse joins `spouse_ids`
 * in it.
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
    const { body, index } = unionsPatch(person, spouseId, parsed.data);
    const outcome = await submit(body, `unions.${index}`);
    if (outcome.ok) onClose();
    else setErrors(outcome.errors);
  };

  const spouseError = errors.spouse_id === SPOUSE_REQUIRED ? t('union.spouseRequired') : undefined;
  const listError = errors.events;
  const formError =
    errors.form ??
    (errors.spouse_id && errors.spouse_id !== SPOUSE_REQUIRED ? errors.spouse_id : undefined);

  return (
    <RecordDialog
      title={union ? t('union.editTitle') : t('union.addTitle')}
      moderator={moderator}
      saving={saving}
      conflict={conflict}
      formError={formError}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      {union ? (
        <Box data-testid="union-spouse">
          <Typography variant="body2" color="text.secondary">
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
            <Typography variant="body2" color="text.secondary">
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
    </RecordDialog>
  );
}
