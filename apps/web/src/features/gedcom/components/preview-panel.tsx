import {
  formatFileSize,
  roleAllows,
  type GedcomImportMode,
  type GedcomPreview,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useCommitPreview, useDiscardPreview, usePreview } from '../api/gedcom-api';
import { failureMessage } from '../lib/files';
import { CountsGrid } from './counts-grid';
import { MatchesPanel, type MergeDecision } from './matches-panel';
import { WarningsList } from './warnings-list';

interface PreviewPanelProps {
  id: string;
  onCommitted: (jobId: string) => void;
  onClosed: () => void;
}

/** A stored preview (by id, so a reload keeps it), or why it cannot be shown. */
export function PreviewPanel({ id, onCommitted, onClosed }: PreviewPanelProps) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const preview = usePreview(id);
  if (preview.isPending) return <CircularProgress aria-label={t('upload.analysing')} />;
  if (preview.isError)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning">
          {script.text(
            preview.error instanceof ApiError && preview.error.status === 404
              ? t('preview.gone')
              : failureMessage(preview.error),
          )}
        </Alert>
        <Button variant="outlined" onClick={onClosed} {...script.label(t('job.another'))}>
          {script.text(t('job.another'))}
        </Button>
      </Stack>
    );
  return <PreviewView preview={preview.data} onCommitted={onCommitted} onClosed={onClosed} />;
}

function PreviewView({
  preview,
  onCommitted,
  onClosed,
}: {
  preview: GedcomPreview;
  onCommitted: (jobId: string) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const isAdmin = useSessionStore((state) => roleAllows(state.user?.role, 'admin'));
  const [mode, setMode] = useState<GedcomImportMode>('add');
  const [confirmSame, setConfirmSame] = useState(false);
  const [asking, setAsking] = useState(false);
  const [decision, setDecision] = useState<MergeDecision>({ matches: [], attachTo: null });
  const commit = useCommitPreview();
  const discard = useDiscardPreview();
  const blocked = preview.refusal !== null || (preview.same_file !== null && !confirmSame);

  const run = () =>
    commit.mutate(
      {
        id: preview.id,
        body: {
          mode,
          confirm_same_file: confirmSame,
          accept: 'reviewed',
          matches: mode === 'merge' ? decision.matches : [],
          attach_to: mode === 'merge' ? decision.attachTo : null,
        },
      },
      {
        onSuccess: ({ job_id }) => onCommitted(job_id),
        onSettled: () => setAsking(false),
      },
    );
  const handleCommit = () => (mode === 'replace' ? setAsking(true) : run());
  const handleDiscard = () => discard.mutate(preview.id, { onSettled: onClosed });

  return (
    <Stack spacing={2.5} data-testid="gedcom-preview">
      <Box>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {script.text(t('preview.title', { file: preview.file_name ?? '' }))}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5 }}>
          {script.text(t('preview.intro'))}
        </Typography>
      </Box>
      {preview.refusal && (
        <Alert severity="error" data-testid="gedcom-refusal">
          <strong>{script.text(t('preview.refused'))}</strong>
          <br />
          {script.text(preview.refusal)}
        </Alert>
      )}
      <Typography variant="body2" data-testid="gedcom-file-facts">
        {script.text(
          [
            preview.version && `${t('preview.version')}: ${preview.version}`,
            preview.encoding &&
              `${t('preview.encoding')}: ${preview.encoding}${preview.encoding_reason ? ` (${preview.encoding_reason})` : ''}`,
            `${t('preview.size')}: ${formatFileSize(preview.file_size)}`,
          ]
            .filter(Boolean)
            .join(' · '),
        )}
      </Typography>
      {preview.counts && <CountsGrid counts={preview.counts} />}
      {(preview.counts?.restricted ?? 0) > 0 && (
        <Alert severity="warning" data-testid="gedcom-restricted">
          <strong>
            {script.text(t('preview.restricted', { count: preview.counts?.restricted ?? 0 }))}
          </strong>
          <Typography variant="body2">{script.text(t('preview.restrictedHint'))}</Typography>
        </Alert>
      )}
      {preview.look_alikes.count > 0 && (
        <Alert severity="info" data-testid="gedcom-look-alikes">
          <strong>
            {script.text(t('preview.lookAlikes', { count: preview.look_alikes.count }))}
          </strong>
          <Typography variant="body2">{script.text(t('preview.lookAlikesHint'))}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {preview.look_alikes.examples.map((example) => (
              <li key={example.xref}>
                {script.text(
                  t('preview.lookAlikeRow', {
                    line: example.line,
                    xref: example.xref,
                    name: [example.name, example.birth_year].filter(Boolean).join(' '),
                  }),
                )}{' '}
                <Link component={RouterLink} to={paths.person(example.person_id)}>
                  {script.text(
                    [example.person_name, example.person_birth_year].filter(Boolean).join(' '),
                  )}
                </Link>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <WarningsList warnings={preview.warnings} total={preview.warnings_total} />
      {preview.refusal === null && (
        <>
          {preview.same_file && (
            <Alert severity="warning" data-testid="gedcom-same-file">
              {script.text(
                t('preview.sameFile', {
                  when: formatDateTime(preview.same_file.imported_at),
                  who: preview.same_file.imported_by?.username ?? '—',
                }),
              )}
              <FormControlLabel
                sx={{ display: 'flex' }}
                control={
                  <Checkbox
                    checked={confirmSame}
                    onChange={(event) => setConfirmSame(event.target.checked)}
                  />
                }
                label={script.field(t('preview.confirmSame'))}
              />
            </Alert>
          )}
          <Box>
            <Typography id="gedcom-mode" color="textSecondary">
              {script.field(t('preview.mode'))}
            </Typography>
            <RadioGroup
              aria-labelledby="gedcom-mode"
              value={mode}
              onChange={(event) => setMode(event.target.value as GedcomImportMode)}
            >
              <ModeOption value="add" label={t('preview.add')} hint={t('preview.addHint')} />
              <ModeOption
                value="replace"
                disabled={!isAdmin}
                label={t('preview.replace')}
                hint={t('preview.replaceHint')}
              />
              <ModeOption
                value="merge"
                disabled={!isAdmin}
                label={t('preview.merge')}
                hint={t('preview.mergeHint')}
              />
            </RadioGroup>
          </Box>
          {mode === 'merge' && <MatchesPanel previewId={preview.id} onChange={setDecision} />}
        </>
      )}
      {commit.isError && (
        <Alert severity="error" data-testid="gedcom-commit-error">
          {script.text(failureMessage(commit.error))}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {preview.refusal === null && (
          <Button
            variant="contained"
            onClick={handleCommit}
            disabled={blocked || commit.isPending}
            {...script.label(t('preview.commit'))}
          >
            {script.text(t('preview.commit'))}
          </Button>
        )}
        <Button
          variant="outlined"
          onClick={handleDiscard}
          disabled={discard.isPending}
          {...script.label(t('preview.discard'))}
        >
          {script.text(t('preview.discard'))}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('preview.replaceTitle')}
        text={t('preview.replaceText')}
        confirmLabel={t('preview.replaceConfirm')}
        danger
        pending={commit.isPending}
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}

/** One import mode: its name, and under it what it does. */
function ModeOption({
  value,
  label,
  hint,
  disabled = false,
}: {
  value: GedcomImportMode;
  label: string;
  hint: string;
  disabled?: boolean;
}) {
  const script = useScript();
  return (
    <FormControlLabel
      value={value}
      disabled={disabled}
      control={<Radio />}
      label={
        <span>
          {script.field(label)}
          <Typography
            variant="body2"
            color="textSecondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {script.text(hint)}
          </Typography>
        </span>
      }
    />
  );
}
