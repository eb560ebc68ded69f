import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import {
  citationFormOf,
  emptyCitation,
  parseCitations,
  type CitationFormValues,
  type RecordErrors,
} from '../lib/records-form';
import { CitationRows } from './record-citation-rows';
import { RecordDialog, useRecordsSubmit, type RecordEditorProps } from './record-dialog';

/**
 * The sources cited for the person themself (not for one event): the rows as stored plus a
 * new one to fill; Save sends the whole list.
 */
export function CitationsDialog({ person, moderator, onClose }: RecordEditorProps) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const [rows, setRows] = useState<CitationFormValues[]>(() => [
    ...person.citations.map(citationFormOf),
    emptyCitation,
  ]);
  const [errors, setErrors] = useState<RecordErrors>({});
  const { submit, saving, conflict } = useRecordsSubmit(person);

  const handleSubmit = async () => {
    const parsed = parseCitations(rows);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const outcome = await submit({ citations: parsed.data, version: person.version }, 'citations');
    if (outcome.ok) onClose();
    else setErrors(outcome.errors);
  };

  return (
    <RecordDialog
      title={t('citation.personTitle')}
      moderator={moderator}
      saving={saving}
      conflict={conflict}
      formError={errors.form}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary">
        {script.text(t('citation.personHelp'))}
      </Typography>
      <CitationRows
        id="person-citation"
        rows={rows}
        onChange={(next) => {
          setRows(next);
          setErrors({});
        }}
        errors={errors}
      />
    </RecordDialog>
  );
}
