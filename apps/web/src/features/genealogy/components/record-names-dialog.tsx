import { NAME_KINDS } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import {
  emptyName,
  nameFormOf,
  namesPatch,
  parseName,
  type NameFormValues,
  type RecordErrors,
} from '../lib/records-form';
import { RecordDialog, useLayer, useRecordsSubmit, type RecordEditorProps } from './record-dialog';

/** What the dialog shows: the list, a name's form (index past the end: a new one), a question. */
type View = { kind: 'list' } | { kind: 'form'; index: number } | { kind: 'remove'; index: number };

/**
 * The person's other names (kind, given name, surname, nickname): the list with Edit and
 * Remove on each, and Add. Each change is one PATCH of the names list.
 */
export function NamesDialog({ person, moderator, onClose }: RecordEditorProps) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const layer = useLayer();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [values, setValues] = useState<NameFormValues>(emptyName);
  const [errors, setErrors] = useState<RecordErrors>({});
  const { submit, saving, conflict } = useRecordsSubmit(person);

  const open = (index: number) => {
    const name = person.names[index];
    setValues(name ? nameFormOf(name) : emptyName);
    setErrors({});
    setView({ kind: 'form', index });
  };

  const send = async (index: number, remove: boolean) => {
    let input = null;
    if (!remove) {
      const parsed = parseName(values, person.names[index] ?? null);
      if (!parsed.ok) {
        setErrors(parsed.errors);
        return;
      }
      input = parsed.data;
    }
    setErrors({});
    const outcome = await submit(namesPatch(person, index, input), `names.${index}`);
    if (outcome.ok) onClose();
    else setErrors(outcome.errors);
  };

  if (view.kind === 'form') {
    const field = (key: Exclude<keyof NameFormValues, 'kind'>, label: string) => ({
      id: `name-${key}`,
      label: script.field(label),
      value: values[key],
      onChange: (change: { target: { value: string } }) =>
        setValues((previous) => ({ ...previous, [key]: change.target.value })),
      error: Boolean(errors[key]),
      helperText: script.text(errors[key]),
      fullWidth: true,
    });
    return (
      <RecordDialog
        title={view.index < person.names.length ? t('names.editTitle') : t('names.addTitle')}
        moderator={moderator}
        saving={saving}
        conflict={conflict}
        formError={errors.form}
        onSubmit={() => void send(view.index, false)}
        onClose={onClose}
      >
        <TextField
          id="name-kind"
          select
          slotProps={{ select: layer.select }}
          label={script.field(t('names.kind'))}
          value={values.kind}
          onChange={(change) =>
            setValues((previous) => ({
              ...previous,
              kind: change.target.value as NameFormValues['kind'],
            }))
          }
          fullWidth
        >
          {NAME_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {script.text(tp(`nameKind.${kind}`))}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...field('given', t('names.given'))} autoFocus />
          <TextField {...field('surname', t('names.surname'))} />
        </Stack>
        <TextField {...field('nickname', t('names.nickname'))} />
        <TextField
          {...field('full_name', t('names.fullName'))}
          helperText={script.text(errors.full_name ?? t('names.fullNameHelp'))}
        />
        <Box>
          <Button onClick={() => setView({ kind: 'list' })} disabled={saving}>
            {script.text(t('back'))}
          </Button>
        </Box>
      </RecordDialog>
    );
  }

  const removing = view.kind === 'remove' ? person.names[view.index] : undefined;
  return (
    <RecordDialog
      title={removing ? t('names.removeTitle') : t('names.title')}
      moderator={moderator}
      saving={saving}
      conflict={conflict}
      formError={errors.form}
      readOnly={!removing}
      submitLabel={moderator ? t('remove') : undefined}
      onSubmit={() => view.kind === 'remove' && void send(view.index, true)}
      onClose={onClose}
    >
      {removing ? (
        <>
          <Alert severity="warning">
            {script.text(t('names.removeText', { name: removing.full_name }))}
          </Alert>
          <Box>
            <Button onClick={() => setView({ kind: 'list' })} disabled={saving}>
              {script.text(t('back'))}
            </Button>
          </Box>
        </>
      ) : (
        <>
          {person.names.length === 0 ? (
            <Typography color="textSecondary">{script.text(t('names.none'))}</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="names-list">
              {person.names.map((name, index) => (
                <Stack
                  component="li"
                  key={name.id}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography>{script.text(name.full_name)}</Typography>
                    <Typography variant="body2" color="textSecondary">
                      {script.text(
                        [tp(`nameKind.${name.kind}`), name.nickname].filter(Boolean).join(' · '),
                      )}
                    </Typography>
                  </Box>
                  <IconButton
                    aria-label={t('names.edit', { name: name.full_name })}
                    title={t('names.edit', { name: name.full_name })}
                    onClick={() => open(index)}
                  >
                    <EditOutlinedIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('names.remove', { name: name.full_name })}
                    title={t('names.remove', { name: name.full_name })}
                    onClick={() => setView({ kind: 'remove', index })}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              ))}
            </Box>
          )}
          <Box>
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              onClick={() => open(person.names.length)}
              autoFocus
            >
              {script.text(t('names.add'))}
            </Button>
          </Box>
        </>
      )}
    </RecordDialog>
  );
}
