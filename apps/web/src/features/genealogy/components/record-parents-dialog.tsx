import { FURTHER_PARENT_RELATIONS, type PersonLink, type SearchResult } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { parentFamiliesPatch, type RecordErrors } from '../lib/records-form';
import { PersonSearch } from './person-search';
import { RowButton } from './record-buttons';
import { RecordDialog, useLayer, useRecordsSubmit, type RecordEditorProps } from './record-dialog';

type Relation = (typeof FURTHER_PARENT_RELATIONS)[number];

/** A stored parent as the search box shows a chosen one (the name alone). */
export function chosenOf(parent: PersonLink | null): SearchResult | null {
  if (!parent) return null;
  return {
    ...parent,
    sex: 'U',
    father_name: null,
    grandfather_name: null,
    birth_year: null,
    death_year: null,
    lineage: [],
    generation: 0,
  };
}

/**
 * A parent chosen in the search, or none yet, with a button that clears it; `help` or `error`
 * below it.
 */
export function ParentField({
  id,
  label,
  value,
  onChange,
  help,
  error,
}: {
  id: string;
  label: string;
  value: SearchResult | null;
  onChange: (value: SearchResult | null) => void;
  help?: string;
  error?: string;
}) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const layer = useLayer();
  const row = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <PersonSearch
          id={id}
          label={label}
          value={value}
          onSelect={onChange}
          popperZIndex={layer.zIndex}
        />
      </Box>
      {value && (
        <RowButton
          kind="remove"
          label={t('parents.clear', { name: value.name })}
          onClick={() => onChange(null)}
        />
      )}
    </Stack>
  );
  const note = error ?? help;
  if (!note) return row;
  return (
    <Box>
      {row}
      <FormHelperText error={Boolean(error)} id={`${id}-note`} role={error ? 'alert' : undefined}>
        {script.text(note)}
      </FormHelperText>
    </Box>
  );
}

/** The relation of a further family; its menu opens above the dialog. */
function RelationField({
  value,
  onChange,
}: {
  value: Relation;
  onChange: (value: Relation) => void;
}) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  // Inside the dialog's layer (a hook of the dialog itself would sit outside it).
  const layer = useLayer();
  return (
    <TextField
      id="parents-relation"
      select
      slotProps={{ select: layer.select }}
      label={script.field(t('parents.relation'))}
      value={value}
      onChange={(change) => onChange(change.target.value as Relation)}
      fullWidth
    >
      {FURTHER_PARENT_RELATIONS.map((option) => (
        <MenuItem key={option} value={option}>
          {script.text(tp(`family.relation.${option}`))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The person's further parent families (adoptive, foster, step, unknown): each can be changed
 * in place (its relation, its parents) or taken away, and a new one added with its relation and
 * a father, a mother or both. The birth
 * family is the person's father and mother (the "Түзөтүү" form and the tree's lineage).
 */
export function ParentsDialog({ person, moderator, onClose }: RecordEditorProps) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const [relation, setRelation] = useState<Relation>('adopted');
  const [father, setFather] = useState<SearchResult | null>(null);
  const [mother, setMother] = useState<SearchResult | null>(null);
  const [errors, setErrors] = useState<RecordErrors>({});
  // A family to take away waits for the question's answer.
  const [removing, setRemoving] = useState<number | null>(null);
  // The further family whose relation and parents the form below changes; null: a new one.
  const [editing, setEditing] = useState<number | null>(null);
  const { submit, saving, conflict } = useRecordsSubmit(person);
  const further = person.parent_families.filter((family) => family.relation !== 'birth');

  const send = async (change: Parameters<typeof parentFamiliesPatch>[1]) => {
    const patch = parentFamiliesPatch(person, change);
    if (!patch.ok) {
      setErrors(patch.errors);
      return;
    }
    setErrors({});
    const outcome = await submit(patch.data, 'parent_families');
    if (outcome.ok) onClose();
    else setErrors(outcome.errors);
  };
  const names = (parents: readonly (PersonLink | null)[]) =>
    parents.flatMap((parent) => (parent ? [parent.name] : [])).join(' · ');

  const edited = editing === null ? undefined : further[editing];
  const startEditing = (index: number | null) => {
    const family = index === null ? undefined : further[index];
    setEditing(family ? index : null);
    setRelation(family && family.relation !== 'birth' ? family.relation : 'adopted');
    setFather(chosenOf(family?.father ?? null));
    setMother(chosenOf(family?.mother ?? null));
    setErrors({});
  };
  const chosenFamily = { father_id: father?.id ?? null, mother_id: mother?.id ?? null, relation };

  const removed = removing === null ? undefined : further[removing];
  if (removing !== null && removed) {
    return (
      <RecordDialog
        title={t('parents.removeTitle')}
        moderator={moderator}
        saving={saving}
        conflict={conflict}
        formError={errors.form}
        submitLabel={moderator ? t('remove') : undefined}
        onSubmit={() => void send({ removeIndex: removing })}
        onClose={onClose}
      >
        <Alert severity="warning">
          {script.text(
            t('parents.removeText', {
              relation: tp(`family.relation.${removed.relation}`),
              names: names([removed.father, removed.mother]),
            }),
          )}
        </Alert>
        <Box>
          <Button onClick={() => setRemoving(null)} disabled={saving}>
            {script.text(t('back'))}
          </Button>
        </Box>
      </RecordDialog>
    );
  }

  return (
    <RecordDialog
      title={edited ? t('parents.editTitle') : t('parents.title')}
      moderator={moderator}
      saving={saving}
      conflict={conflict}
      formError={errors.form ?? errors.relation}
      submitLabel={moderator && editing === null ? t('parents.add') : undefined}
      onSubmit={() =>
        void send(
          editing === null ? { add: chosenFamily } : { replace: chosenFamily, index: editing },
        )
      }
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary">
        {script.text(t('parents.help'))}
      </Typography>
      {further.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="parents-list">
          {further.map((family, index) => {
            const who = names([family.father, family.mother]);
            return (
              <Stack
                component="li"
                key={`${family.father?.id}/${family.mother?.id}`}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" color="textSecondary">
                    {script.text(tp(`family.relation.${family.relation}`))}
                  </Typography>
                  <Typography>{script.text(who)}</Typography>
                </Box>
                <RowButton
                  kind="edit"
                  label={t('parents.edit', { names: who })}
                  onClick={() => startEditing(index)}
                />
                <RowButton
                  kind="remove"
                  label={t('parents.remove', { names: who })}
                  onClick={() => setRemoving(index)}
                />
              </Stack>
            );
          })}
        </Box>
      )}
      {edited ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="subtitle2" component="h3" data-testid="parents-editing">
            <EditOutlinedIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.5 }} />
            {script.text(t('parents.editing', { names: names([edited.father, edited.mother]) }))}
          </Typography>
          <Button size="small" onClick={() => startEditing(null)} disabled={saving}>
            {script.text(t('parents.cancelEdit'))}
          </Button>
        </Stack>
      ) : (
        <Typography variant="subtitle2" component="h3">
          <AddIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.5 }} />
          {script.text(t('parents.new'))}
        </Typography>
      )}
      <RelationField value={relation} onChange={setRelation} />
      <ParentField
        key={`father-${editing}`}
        id="parents-father"
        label={tp('family.father')}
        value={father}
        onChange={setFather}
      />
      <ParentField
        key={`mother-${editing}`}
        id="parents-mother"
        label={tp('family.mother')}
        value={mother}
        onChange={setMother}
      />
    </RecordDialog>
  );
}
