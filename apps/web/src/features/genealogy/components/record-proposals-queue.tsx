import { formatRecordingTime, recordingPath, type RecordRevision } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { recordRevisionCalls, usePendingRecordRevisions } from '../api/genealogy-api';
import { show } from '../lib/diff';
import { isModerator } from '../lib/format';
import { ProposalReview } from './proposal-review';
import { ReviewQueue } from './review-queue';

interface SegmentLike {
  start: number;
  speaker: string;
  text: string;
}

const isSegments = (value: unknown): value is SegmentLike[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'object' && item !== null && 'start' in item);

/** A record field's value: a transcript's segments one line each, others as text. */
function useRecordValue() {
  const script = useScript();
  return (_field: string, raw: unknown): ReactNode => {
    if (!isSegments(raw)) return script.text(show(raw));
    return (
      <Stack spacing={0.5} component="span" data-diff-lines="segments">
        {raw.map((segment, i) => (
          <span key={i} data-diff-line="">
            {formatRecordingTime(segment.start)}{' '}
            {script.text(segment.speaker ? `${segment.speaker}: ${segment.text}` : segment.text)}
          </span>
        ))}
      </Stack>
    );
  };
}

function FieldValues({ revision }: { revision: RecordRevision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const value = useRecordValue();
  // A transcript's file is the card's link, not a field.
  const fields = Object.keys({ ...revision.before, ...revision.after }).filter(
    (field) => !(revision.record_type === 'transcript' && field === 'file_id'),
  );
  return (
    <Stack spacing={1.5}>
      {fields.map((field) => (
        <Box
          key={field}
          data-record-field={field}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {revision.action !== 'create' && (
            <Box>
              <Typography variant="caption" color="textSecondary" component="div">
                {script.text(
                  `${t(`fieldNames.${field}`, { defaultValue: field })} · ${t('diff.before')}`,
                )}
              </Typography>
              {value(field, revision.before?.[field])}
            </Box>
          )}
          <Box>
            <Typography variant="caption" color="textSecondary" component="div">
              {script.text(
                `${t(`fieldNames.${field}`, { defaultValue: field })} · ${t('diff.after')}`,
              )}
            </Typography>
            {value(field, revision.after?.[field])}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** Where the proposal's record is read, when it has a page. */
function recordHref(revision: RecordRevision): string | null {
  if (revision.record_type === 'transcript') {
    // A correction names no file: the record (the transcript) is labelled by it instead.
    const file = revision.after?.file_id ?? revision.before?.file_id;
    return typeof file === 'number' ? recordingPath(file) : null;
  }
  if (revision.record_type === 'place' && revision.record_id !== null) {
    return paths.place(revision.record_id);
  }
  return null;
}

function RecordProposalCard({ revision }: { revision: RecordRevision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const value = useRecordValue();
  const title = `${t(`contributions.recordType.${revision.record_type}`)}: ${
    revision.record?.label ?? t(`action.${revision.action}`)
  }`;
  const href = recordHref(revision);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-record-revision={revision.id}>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {href ? (
          <Link component={RouterLink} to={href} {...script.label(title)}>
            {script.text(title)}
          </Link>
        ) : (
          script.text(title)
        )}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ my: 1 }}>
        {script.text(
          `${t(`action.${revision.action}`)} · ${revision.author?.username ?? '—'} · ${new Date(
            revision.created_at,
          ).toLocaleDateString('ky-KG')}`,
        )}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <FieldValues revision={revision} />
      </Box>
      <ProposalReview
        revisionId={revision.id}
        calls={recordRevisionCalls(revision.id)}
        value={value}
      />
    </Paper>
  );
}

/**
 * The moderators' queue of proposals on the shared records: places, sources, notes and
 * transcripts, each with its fields before and after, accepted or rejected with a comment.
 */
export function RecordProposalsQueue() {
  const { t } = useTranslation('genealogy');
  const moderator = isModerator(useSessionStore((state) => state.user));
  const pending = usePendingRecordRevisions(moderator);
  if (!moderator) return null;
  return (
    <ReviewQueue
      query={pending}
      empty={t('moderation.empty')}
      testId="record-proposals-queue"
      item={(revision) => <RecordProposalCard key={revision.id} revision={revision} />}
    />
  );
}
