import { formatRecordingTime, recordingPath, type NoteRef } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import type { CitedSource } from '../lib/person-page';
import type { RecordEdit } from '../lib/records-form';
import { Empty, Section } from './person-section';
import { RowButton, SectionButton } from './record-buttons';

/**
 * Every source the page cites, numbered as its marks are, with the pages cited; with `onEdit`
 * the sources cited for the person themself are edited here.
 */
export function PersonSources({
  sources,
  onEdit,
}: {
  sources: readonly CitedSource[];
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const script = useScript();
  return (
    <Section
      title={t('sections.sources')}
      testId="person-sources"
      action={
        onEdit && (
          <SectionButton
            label={t('edit.citations')}
            onClick={() => onEdit({ kind: 'citations' })}
            testId="edit-citations"
          />
        )
      }
    >
      {sources.length === 0 ? (
        <Empty text={t('empty.sources')} />
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3.5 }}>
          {sources.map(({ source, number, pages, recordings }) => (
            <Box
              component="li"
              key={source.id}
              value={number}
              sx={{ mb: 0.75, overflowWrap: 'anywhere' }}
            >
              {script.text(source.title)}
              <Typography component="span" variant="body2" color="textSecondary">
                {' · '}
                {script.text(t(`sourceKind.${source.kind}`))}
                {pages.length > 0 && (
                  <> · {script.text(t('citation.cited', { pages: pages.join('; ') }))}</>
                )}
                {recordings.map(({ file_id, at }) => (
                  <span key={`${file_id}-${at}`}>
                    {' · '}
                    <Link
                      component={RouterLink}
                      to={recordingPath(file_id, at)}
                      data-testid="source-recording"
                    >
                      {script.text(t('citation.listen', { at: formatRecordingTime(at) }))}
                    </Link>
                  </span>
                ))}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** Shared notes linked to the person (private ones reach members only); linked here too. */
export function PersonNotes({
  notes,
  onEdit,
}: {
  notes: readonly NoteRef[];
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const script = useScript();
  return (
    <Section
      title={t('sections.notes')}
      testId="person-notes"
      action={
        onEdit && (
          <SectionButton
            label={t('edit.addNote')}
            onClick={() => onEdit({ kind: 'note' })}
            testId="add-note"
          />
        )
      }
    >
      {notes.length === 0 ? (
        <Empty text={t('empty.notes')} />
      ) : (
        <Stack spacing={1.5}>
          {notes.map((note) => (
            <Box key={note.id} sx={{ display: 'flex', gap: 1 }} data-note={note.id}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {note.is_private && (
                  <Chip size="small" label={script.text(t('notes.private'))} sx={{ mb: 0.5 }} />
                )}
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {script.text(note.text)}
                </Typography>
              </Box>
              {onEdit && (
                <Box>
                  <RowButton
                    kind="remove"
                    label={t('edit.removeNote')}
                    onClick={() => onEdit({ kind: 'deleteNote', noteId: note.id })}
                  />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
