import {
  mergeMessages,
  type MergeField,
  type MergePerson,
  type MergePreview,
  type MergeSide,
  type SearchResult,
} from '@bagysh/shared';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useSnackbarStore } from '../../../lib/snackbar-store';
import { usePerson } from '../api/genealogy-api';
import { genealogyKeys } from '../api/genealogy-keys';
import { submitMerge, useMergePreview } from '../api/merge-api';
import { isModerator } from '../lib/format';
import { PersonSearch } from './person-search';

export interface MergeViewProps {
  a: number | null;
  b: number | null;
  onChange: (next: { a: number | null; b: number | null }) => void;
}

/** A stored field's value as text (the fields are strings, numbers and booleans). */
function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The picker's value for a person of the URL. */
function asChoice(person: ReturnType<typeof usePerson>['data']): SearchResult | null {
  if (!person) return null;
  const { id, name, sex, father_name, grandfather_name, birth_year, death_year } = person;
  return {
    id,
    name,
    sex,
    father_name,
    grandfather_name,
    birth_year,
    death_year,
    generation: person.generation,
    lineage: [father_name, grandfather_name].filter((part): part is string => part !== null),
  };
}

/**
 * Инсандарды бириктирүү: two records of one person side by side. Each field that differs has
 * a choice of which value survives (the recommendation chosen at first), two different fathers
 * must be chosen between, the records of B that A takes are listed; a moderator's merge applies
 * after a confirmation and opens the survivor's page, a member's goes as a proposal.
 */
export function MergeView({ a, b, onChange }: MergeViewProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const personA = usePerson(a);
  const personB = usePerson(b);
  const preview = useMergePreview(a, b);

  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Typography>{script.text(t('merge.intro'))}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr auto 1fr' },
          alignItems: 'center',
        }}
      >
        <PersonSearch
          id="merge-a"
          label={t('merge.first')}
          value={asChoice(personA.data)}
          onSelect={(person) => onChange({ a: person.id, b })}
        />
        <Button
          variant="outlined"
          onClick={() => onChange({ a: b, b: a })}
          disabled={a === null || b === null}
          startIcon={<SwapHorizIcon />}
          data-testid="merge-swap"
          {...script.label(t('merge.swap'))}
        >
          {script.text(t('merge.swap'))}
        </Button>
        <PersonSearch
          id="merge-b"
          label={t('merge.second')}
          value={asChoice(personB.data)}
          onSelect={(person) => onChange({ a, b: person.id })}
        />
      </Box>
      {a === null || b === null ? (
        <Typography color="textSecondary">{script.text(t('merge.pickTwo'))}</Typography>
      ) : a === b ? (
        <Alert severity="error">{script.text(mergeMessages.self)}</Alert>
      ) : preview.isPending ? (
        <Skeleton variant="rounded" height={320} role="status" aria-label={t('loading')} />
      ) : preview.isError ? (
        <Alert severity="error" data-testid="merge-error">
          {script.text(preview.error.message)}
        </Alert>
      ) : (
        <MergeForm
          key={`${a}-${b}-${preview.data.a.version}-${preview.data.b.version}`}
          preview={preview.data}
        />
      )}
    </Stack>
  );
}

function initialChoices(preview: MergePreview): Partial<Record<MergeField, MergeSide>> {
  const choices: Partial<Record<MergeField, MergeSide>> = {};
  for (const field of preview.fields) {
    // Two fathers are the reader's to choose: no side is taken for them.
    if (field.field === 'father_id' && preview.fathers_differ) continue;
    if (field.differs) choices[field.field] = field.recommended;
  }
  return choices;
}

function MergeForm({ preview }: { preview: MergePreview }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const moderator = isModerator(useSessionStore((state) => state.user));
  const [choices, setChoices] = useState(() => initialChoices(preview));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const differing = preview.fields.filter((field) => field.differs);
  const fatherMissing = preview.fathers_differ && choices.father_id === undefined;

  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await submitMerge({
        a: preview.a.id,
        b: preview.b.id,
        versions: { a: preview.a.version, b: preview.b.version },
        choices,
      });
      // Marked stale, not refetched here: this page's own reads would ask for B, now gone.
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all, refetchType: 'none' });
      showSnackbar(t(result.status === 'applied' ? 'merge.merged' : 'merge.proposed'));
      void navigate(paths.person(result.status === 'applied' ? result.survivor_id : preview.a.id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('error'));
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3} data-testid="merge-form">
      {preview.refusal && (
        <Alert severity="error" data-testid="merge-refusal">
          {script.text(preview.refusal)}
        </Alert>
      )}
      {preview.fathers_differ && (
        <Alert severity="warning" data-testid="merge-fathers">
          <AlertTitle>{script.text(t('merge.fathersTitle'))}</AlertTitle>
          {script.text(t('merge.fathersText'))}
        </Alert>
      )}
      <Stack spacing={2} component="section" aria-label={t('merge.field')}>
        {differing.map(({ field }) => (
          <FieldChoice
            key={field}
            field={field}
            preview={preview}
            value={choices[field] ?? null}
            onChange={(side) => setChoices((current) => ({ ...current, [field]: side }))}
          />
        ))}
      </Stack>
      <Box component="section" aria-labelledby="merge-records-title">
        <Typography variant="h6" component="h2" id="merge-records-title" sx={{ mb: 1 }}>
          {script.text(t('merge.records'))}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Records person={preview.a} side={t('merge.sideA')} />
          <Records person={preview.b} side={t('merge.sideB')} />
        </Box>
      </Box>
      {!moderator && <Alert severity="info">{script.text(t('merge.proposalNote'))}</Alert>}
      <Box>
        <Button
          variant="contained"
          disabled={preview.refusal !== null || fatherMissing}
          onClick={() => setConfirming(true)}
          data-testid="merge-apply"
          {...script.label(t(moderator ? 'merge.apply' : 'merge.propose'))}
        >
          {script.text(t(moderator ? 'merge.apply' : 'merge.propose'))}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('merge.confirmTitle')}
        text={t('merge.confirmText', {
          a: textOf(preview.a.fields.name),
          b: textOf(preview.b.fields.name),
        })}
        confirmLabel={t(moderator ? 'merge.apply' : 'merge.propose')}
        cancelLabel={t('cancel')}
        danger
        pending={busy}
        onConfirm={() => void apply()}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
      >
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="merge-apply-error">
            {script.text(error)}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

function FieldValue({ field, person }: { field: MergeField; person: MergePerson }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const value = person.fields[field];
  if (field === 'father_id' || field === 'mother_id') {
    const parent = field === 'father_id' ? person.father : person.mother;
    return parent ? <PersonLabel person={parent} /> : <>{t('merge.empty')}</>;
  }
  if (value === null || value === undefined || value === '') return <>{t('merge.empty')}</>;
  if (field === 'sex') return <>{script.text(t(`sex.${textOf(value) as 'M' | 'F' | 'U'}`))}</>;
  if (field === 'is_living')
    return <>{script.text(t(value ? 'merge.yesValue' : 'merge.noValue'))}</>;
  if (field === 'photo_file_id') return <>{script.text(t('merge.photo', { id: textOf(value) }))}</>;
  const text = textOf(value);
  return <>{script.text(text.length > 300 ? `${text.slice(0, 300)}…` : text)}</>;
}

function FieldChoice({
  field,
  preview,
  value,
  onChange,
}: {
  field: MergeField;
  preview: MergePreview;
  value: MergeSide | null;
  onChange: (side: MergeSide) => void;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const labelId = `merge-field-${field}`;
  const option = (side: MergeSide, person: MergePerson): ReactNode => (
    <FormControlLabel
      value={side}
      control={<Radio />}
      data-testid={`merge-${field}-${side}`}
      sx={{ alignItems: 'flex-start', m: 0, '& .MuiRadio-root': { mt: -1 } }}
      label={
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
            {script.text(t(side === 'a' ? 'merge.sideA' : 'merge.sideB'))}
          </Box>
          <FieldValue field={field} person={person} />
        </Box>
      }
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControl component="fieldset" sx={{ width: '100%' }}>
        <FormLabel component="legend" id={labelId} sx={{ fontWeight: 700, color: 'text.primary' }}>
          {script.text(t(`merge.fields.${field}`))}
        </FormLabel>
        <RadioGroup
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value as MergeSide)}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            gap: 1,
            mt: 1,
          }}
        >
          {option('a', preview.a)}
          {option('b', preview.b)}
        </RadioGroup>
      </FormControl>
    </Paper>
  );
}

function Records({ person, side }: { person: MergePerson; side: string }) {
  const { t } = useTranslation('genealogy');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const list = (title: string, items: ReactNode[]) => (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1.5 }}>
        {script.text(title)}
      </Typography>
      {items.length === 0 ? (
        <Typography color="textSecondary">{script.text(t('merge.none'))}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </Box>
      )}
    </>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`merge-records-${side}`}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {script.text(`${side}: ${textOf(person.fields.name)}`)}
      </Typography>
      {list(
        t('merge.names'),
        person.names.map((name) => (
          <>
            {script.text(name.label)}
            {name.detail && (
              <Typography component="span" color="textSecondary">
                {' '}
                ({script.text(tp(`nameKind.${name.detail}` as 'nameKind.birth'))})
              </Typography>
            )}
          </>
        )),
      )}
      {list(
        t('merge.events'),
        person.events.map((event) => (
          <>
            {script.text(tp(`event.${event.label}` as 'event.birth'))}
            {event.detail && <>: {script.text(event.detail)}</>}
          </>
        )),
      )}
      {list(
        t('merge.spouses'),
        person.spouses.map((spouse) => <PersonLabel key={spouse.id} person={spouse} />),
      )}
      {list(
        t('merge.children'),
        person.children.map((child) => <PersonLabel key={child.id} person={child} />),
      )}
      <Typography color="textSecondary" sx={{ mt: 1.5 }}>
        {script.text(t('merge.counts', person.counts))}
      </Typography>
    </Paper>
  );
}
