import {
  FileSchema,
  personMessages,
  type Person,
  type SearchResult,
  type Sex,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { createPerson, genealogyKeys, updatePerson, type SubmitResult } from '../api/genealogy-api';
import {
  apiFieldErrors,
  emptyForm,
  formOf,
  parseChild,
  parseEdit,
  type FieldErrors,
  type PersonFormValues,
} from '../lib/form';
import { DeletePersonDialog } from './delete-person-dialog';
import { chosenOf, ParentField } from './record-parents-dialog';
import type { HeaderAction } from './person-header-actions';
import { RecordDialog, useLayer } from './record-dialog';

type Mode = 'edit' | 'child';

/**
 * "Түзөтүү", "Бала кошуу", "Сүрөт кошуу" and "Өчүрүү" of the person page. A member's change is a proposal
 * that waits for review; a moderator's applies at once. The header places the actions
 * (`children` gets them: buttons, or a phone's menu); the dialogs they open live here.
 */
export function PersonEditor({
  person,
  moderator,
  children,
}: {
  person: Person;
  moderator: boolean;
  children: (actions: HeaderAction[]) => ReactNode;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  // The hidden file input, held in state: the header's action opens it from a click.
  const [fileInput, setFileInput] = useState<HTMLInputElement | null>(null);

  // `?edit=1` (the fix link of a tree check) opens the editor, once per arrival (state adjusted
  // while rendering); the effect then takes the parameter out of the address, so that a reload
  // or the back button does not open it again.
  const editRequested = searchParams.has('edit');
  const [editOpened, setEditOpened] = useState(false);
  if (editRequested !== editOpened) {
    setEditOpened(editRequested);
    if (editRequested) setMode('edit');
  }
  useEffect(() => {
    if (!editRequested) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [editRequested, setSearchParams]);

  const done = async (wasPending: boolean) => {
    setPending(wasPending);
    await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
    void notify(wasPending ? t('editor.sentForReview') : t('editor.saved'), { type: 'success' });
  };

  const deleted = async ({ pending: wasPending }: SubmitResult) => {
    setDeleting(false);
    if (wasPending) {
      await done(true);
      return;
    }
    // The page's person is gone: drop its queries before leaving, so nothing refetches a 404.
    for (const key of [
      genealogyKeys.person(person.id),
      genealogyKeys.ancestors(person.id),
      genealogyKeys.family(person.id),
      genealogyKeys.revisions(person.id),
      genealogyKeys.articles(person.id),
    ]) {
      queryClient.removeQueries({ queryKey: key, exact: true });
    }
    const parent = person.father ?? person.mother;
    await navigate(parent ? paths.person(parent.id) : paths.persons(), { replace: true });
    await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
    void notify(t('editor.deleted'), { type: 'success' });
  };

  const uploadPhoto = async (file: File) => {
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      // A living person's photo stays among members: guests see the placeholder.
      form.append('visibility', person.living ? 'members' : 'public');
      const uploaded = await api('files/', { method: 'POST', body: form, schema: FileSchema });
      const result = await updatePerson(person.id, {
        photo_file_id: uploaded.id,
        version: person.version,
      });
      await done(result.pending);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 409
          ? `${error.message} ${t('editor.conflictHelp')}`
          : error instanceof Error
            ? error.message
            : t('error');
      void notify(message, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  const actions: HeaderAction[] = [
    {
      key: 'edit',
      label: t('editor.edit'),
      onClick: () => setMode('edit'),
      primary: true,
      testId: 'person-edit',
    },
    { key: 'child', label: t('editor.addChild'), onClick: () => setMode('child') },
    {
      key: 'photo',
      label: uploading ? t('editor.uploading') : t('editor.addPhoto'),
      disabled: uploading,
      onClick: () => fileInput?.click(),
    },
    { key: 'delete', label: t('editor.delete'), danger: true, onClick: () => setDeleting(true) },
  ];

  return (
    <>
      {children(actions)}
      <input
        ref={setFileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('editor.addPhoto')}
        data-testid="person-photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void uploadPhoto(file);
        }}
      />
      {pending && (
        <Alert severity="info" sx={{ width: '100%' }} data-testid="pending-note">
          {script.text(moderator ? t('editor.saved') : t('editor.waitingForReview'))}
        </Alert>
      )}
      {deleting && (
        <DeletePersonDialog
          person={person}
          moderator={moderator}
          onClose={() => setDeleting(false)}
          onDone={(result) => void deleted(result)}
        />
      )}
      {mode && (
        <PersonFormDialog
          mode={mode}
          person={person}
          moderator={moderator}
          onClose={() => setMode(null)}
          onDone={(wasPending) => {
            setMode(null);
            void done(wasPending);
          }}
        />
      )}
    </>
  );
}

interface PersonFormDialogProps {
  mode: Mode;
  person: Person;
  moderator: boolean;
  onClose: () => void;
  onDone: (pending: boolean) => void;
}

function PersonFormDialog({ mode, person, moderator, onClose, onDone }: PersonFormDialogProps) {
  const { t } = useTranslation('genealogy');
  const [values, setValues] = useState<PersonFormValues>(() =>
    mode === 'edit' ? formOf(person) : emptyForm,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The birth parents, chosen by name (edit only: a new child's parent is the page's person).
  const [father, setFather] = useState<SearchResult | null>(() =>
    person.father ? { ...chosenOf(person.father)!, father_name: person.grandfather_name } : null,
  );
  const [mother, setMother] = useState<SearchResult | null>(() => chosenOf(person.mother));
  const [parentErrors, setParentErrors] = useState<ParentErrors>({});

  const set = <K extends keyof PersonFormValues>(key: K, value: PersonFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async () => {
    setConflict(null);
    const parsed = mode === 'edit' ? parseEdit(values, person) : parseChild(values, person);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    const parents = mode === 'edit' ? parentChanges(person, father, mother) : {};
    const wrong = parentSexErrors(father, mother);
    setParentErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setErrors({});
    setSaving(true);
    try {
      const result =
        mode === 'edit'
          ? await updatePerson(person.id, {
              ...(parsed.data as Parameters<typeof updatePerson>[1]),
              ...parents,
            })
          : await createPerson(parsed.data as Parameters<typeof createPerson>[0]);
      onDone(result.pending);
    } catch (error) {
      if (error instanceof ApiError && error.message === personMessages.cycle) {
        // Under the parent that would close the loop (the father when both changed).
        setParentErrors(
          'father_id' in parents ? { father: error.message } : { mother: error.message },
        );
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
      } else if (error instanceof ApiError && error.status === 400) {
        const { father_id: fatherError, mother_id: motherError } = error.fieldErrors;
        if (fatherError?.[0] || motherError?.[0]) {
          setParentErrors({ father: fatherError?.[0], mother: motherError?.[0] });
          return;
        }
        const fieldErrors = apiFieldErrors(error.fieldErrors);
        setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: error.message });
      } else {
        setErrors({ form: error instanceof Error ? error.message : t('error') });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <RecordDialog
      title={mode === 'edit' ? t('editor.editTitle') : t('editor.addChildTitle')}
      moderator={moderator}
      saving={saving}
      conflict={conflict}
      formError={errors.form}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <PersonFields values={values} errors={errors} set={set} />
      {mode === 'edit' && (
        <>
          <ParentField
            id="person-father"
            label={t('editor.father')}
            value={father}
            onChange={(chosen) => {
              setParentErrors({});
              setFather(chosen);
            }}
            help={t('editor.parentHelp')}
            error={parentErrors.father}
          />
          <ParentField
            id="person-mother"
            label={t('editor.mother')}
            value={mother}
            onChange={(chosen) => {
              setParentErrors({});
              setMother(chosen);
            }}
            error={parentErrors.mother}
          />
        </>
      )}
    </RecordDialog>
  );
}

interface ParentErrors {
  father?: string;
  mother?: string;
}

/** The parents the form changed: `father_id`/`mother_id` only when they differ. */
function parentChanges(
  person: Person,
  father: SearchResult | null,
  mother: SearchResult | null,
): { father_id?: number | null; mother_id?: number | null } {
  const fatherId = father?.id ?? null;
  const motherId = mother?.id ?? null;
  return {
    ...(fatherId !== person.father_id && { father_id: fatherId }),
    ...(motherId !== person.mother_id && { mother_id: motherId }),
  };
}

/** A father who is a woman, or a mother who is a man, refused before the server is asked. */
function parentSexErrors(father: SearchResult | null, mother: SearchResult | null): ParentErrors {
  return {
    ...(father?.sex === 'F' && { father: personMessages.fatherIsFemale }),
    ...(mother?.sex === 'M' && { mother: personMessages.motherIsMale }),
  };
}

interface PersonFieldsProps {
  values: PersonFormValues;
  errors: FieldErrors;
  set: <K extends keyof PersonFormValues>(key: K, value: PersonFormValues[K]) => void;
}

/** The person form's inputs; inside the dialog, so the sex menu opens above it (`useLayer`). */
function PersonFields({ values, errors, set }: PersonFieldsProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const layer = useLayer();

  const field = (key: Exclude<keyof PersonFormValues, 'is_living'>, label: string) => ({
    id: `person-${key}`,
    name: key,
    label,
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as Sex),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
  });

  return (
    <>
      <TextField {...field('name', t('fields.name'))} required autoFocus />
      <TextField {...field('sex', t('fields.sex'))} select slotProps={{ select: layer.select }}>
        <MenuItem value="M">{script.text(t('sex.M'))}</MenuItem>
        <MenuItem value="F">{script.text(t('sex.F'))}</MenuItem>
        <MenuItem value="U">{script.text(t('sex.U'))}</MenuItem>
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...field('birth_year', t('fields.birthYear'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...field('death_year', t('fields.deathYear'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('birth_place', t('fields.birthPlace'))} />
        <TextField {...field('death_place', t('fields.deathPlace'))} />
      </Stack>
      <TextField {...field('biography', t('fields.biography'))} multiline minRows={3} />
      <FormControlLabel
        control={
          <Checkbox
            checked={values.is_living}
            onChange={(event) => set('is_living', event.target.checked)}
          />
        }
        label={script.text(t('fields.isLiving'))}
      />
    </>
  );
}
