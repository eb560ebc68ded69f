import type { SourceRef } from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person-edit';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import { useSourceOptions, useSourceRecordings } from '../api/person-records-api';
import {
  emptyCitation,
  SOURCE_REQUIRED,
  TIME_INVALID,
  type CitationFormValues,
  type RecordErrors,
} from '../lib/records-form';
import { useLayer } from './record-dialog';
import { RecordPicker } from './record-picker';

const QUALITIES = ['0', '1', '2', '3'] as const;

/**
 * Citations of a record: each row a source picked from the sources, with the page, the
 * quality (GEDCOM QUAY 0–3) and a note. `errors` are keyed `${index}.field`.
 */
export function CitationRows({
  id,
  rows,
  onChange,
  errors,
}: {
  id: string;
  rows: readonly CitationFormValues[];
  onChange: (rows: CitationFormValues[]) => void;
  errors: RecordErrors;
}) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const layer = useLayer();
  const sourceLabel = useCallback(
    (source: SourceRef) => script.plain(`${source.title} · ${tp(`sourceKind.${source.kind}`)}`),
    [script, tp],
  );
  const set = (index: number, change: Partial<CitationFormValues>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const message = (key: string) => {
    const error = errors[key];
    if (error === SOURCE_REQUIRED) return t('citation.sourceRequired');
    return error === TIME_INVALID ? t('citation.atInvalid') : error;
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {script.text(t('citation.title'))}
      </Typography>
      <Stack spacing={2}>
        {rows.length === 0 && (
          <Typography variant="body2" color="textSecondary">
            {script.text(t('citation.none'))}
          </Typography>
        )}
        {rows.map((row, index) => (
          <Stack
            key={index}
            spacing={1.5}
            role="group"
            aria-label={t('citation.number', { n: index + 1 })}
            data-testid="citation-row"
            sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <RecordPicker
                  id={`${id}-source-${index}`}
                  label={t('citation.source')}
                  help={t('citation.sourceHelp')}
                  value={row.source}
                  onChange={(source) => set(index, { source, recording: null, at: '' })}
                  useOptions={useSourceOptions}
                  getLabel={sourceLabel}
                  error={message(`${index}.source_id`)}
                />
              </Box>
              <IconButton
                aria-label={t('citation.remove')}
                title={t('citation.remove')}
                onClick={() => onChange(rows.filter((_row, at) => at !== index))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                id={`${id}-page-${index}`}
                label={script.field(t('citation.page'))}
                value={row.page}
                onChange={(event) => set(index, { page: event.target.value })}
                error={Boolean(message(`${index}.page`))}
                helperText={script.text(message(`${index}.page`))}
                fullWidth
              />
              <TextField
                id={`${id}-quality-${index}`}
                select
                slotProps={{ select: layer.select }}
                label={script.field(t('citation.quality'))}
                value={row.quality}
                onChange={(event) => set(index, { quality: event.target.value })}
                error={Boolean(message(`${index}.quality`))}
                helperText={script.text(message(`${index}.quality`))}
                fullWidth
              >
                <MenuItem value="">{script.text(t('citation.qualityNone'))}</MenuItem>
                {QUALITIES.map((quality) => (
                  <MenuItem key={quality} value={quality}>
                    {script.text(t(`citation.qualityLevel.${quality}`))}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {row.source?.kind === 'informant' && (
              <RecordingFields
                id={id}
                index={index}
                sourceId={row.source.id}
                row={row}
                onChange={(change) => set(index, change)}
                atError={message(`${index}.recording.at`)}
                recordingError={
                  message(`${index}.recording.file_id`) ?? message(`${index}.recording`)
                }
              />
            )}
            <TextField
              id={`${id}-note-${index}`}
              label={script.field(t('citation.note'))}
              value={row.note}
              onChange={(event) => set(index, { note: event.target.value })}
              error={Boolean(message(`${index}.note`))}
              helperText={script.text(message(`${index}.note`))}
              fullWidth
            />
          </Stack>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => onChange([...rows, emptyCitation])}
            data-testid="add-citation"
          >
            {script.text(t('citation.add'))}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * For an informant's source: which of their recordings the fact was heard in, and at what
 * time (the citation then opens the recording there).
 */
function RecordingFields({
  id,
  index,
  sourceId,
  row,
  onChange,
  atError,
  recordingError,
}: {
  id: string;
  index: number;
  sourceId: number;
  row: CitationFormValues;
  onChange: (change: Partial<CitationFormValues>) => void;
  atError: string | undefined;
  recordingError: string | undefined;
}) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const layer = useLayer();
  const recordings = useSourceRecordings(sourceId);
  const items = recordings.data?.results ?? [];
  // A recording cited before and no longer listed (another page, or since made private).
  const listed = row.recording === null || items.some((r) => r.file.id === row.recording);
  const status = recordings.isPending
    ? t('citation.recordingsLoading')
    : recordings.isError
      ? t('citation.recordingsFailed')
      : undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <TextField
        id={`${id}-recording-${index}`}
        select
        slotProps={{ select: layer.select }}
        label={script.field(t('citation.recording'))}
        value={row.recording === null ? '' : String(row.recording)}
        onChange={(event) =>
          onChange({
            recording: event.target.value === '' ? null : Number(event.target.value),
          })
        }
        error={Boolean(recordingError) || recordings.isError}
        helperText={script.text(recordingError ?? status ?? t('citation.recordingHelp'))}
        fullWidth
      >
        <MenuItem value="">{script.text(t('citation.recordingNone'))}</MenuItem>
        {!listed && row.recording !== null && (
          <MenuItem value={String(row.recording)}>{`#${row.recording}`}</MenuItem>
        )}
        {items.map((recording) => (
          <MenuItem key={recording.id} value={String(recording.file.id)}>
            {script.plain(recording.file.name)}
          </MenuItem>
        ))}
      </TextField>
      {row.recording !== null && (
        <TextField
          id={`${id}-at-${index}`}
          label={script.field(t('citation.at'))}
          value={row.at}
          placeholder="12:05"
          onChange={(event) => onChange({ at: event.target.value })}
          error={Boolean(atError)}
          helperText={script.text(atError ?? t('citation.atHelp'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
      )}
    </Stack>
  );
}
