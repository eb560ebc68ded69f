import type { GedcomJob } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useScript } from '../../../lib/script';
import { gedcomKeys, useCancelJob, useJob, useRevertJob } from '../api/gedcom-api';
import { saveBlob } from '../../../lib/upload';
import { failureMessage } from '../lib/files';
import { isActive, jobPercent, reportFileName, reportText } from '../lib/report';
import { WarningsList } from './warnings-list';

/** An import job by id (from the URL, so a reload keeps it): progress, then its report. */
export function JobPanel({ id, onAnother }: { id: string; onAnother: () => void }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const job = useJob(id);
  const another = (
    <Button variant="outlined" onClick={onAnother} {...script.label(t('job.another'))}>
      {script.text(t('job.another'))}
    </Button>
  );
  if (job.isPending) return <CircularProgress aria-label={t('job.title')} />;
  if (job.isError) {
    const notFound = job.error instanceof ApiError && job.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert
          severity={notFound ? 'warning' : 'error'}
          action={
            notFound ? undefined : (
              <Button color="inherit" size="small" onClick={() => void job.refetch()}>
                {script.text(t('job.retry'))}
              </Button>
            )
          }
        >
          {script.text(notFound ? t('job.notFound') : t('job.error'))}
        </Alert>
        {another}
      </Stack>
    );
  }
  return <JobView job={job.data} another={another} />;
}

function JobView({ job, another }: { job: GedcomJob; another: ReactNode }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const cancel = useCancelJob();
  const [asking, setAsking] = useState(false);
  const revert = useRevertJob();
  const [reverting, setReverting] = useState(false);
  const canRevert = job.mode === 'merge' && job.status === 'done' && job.reverted_at === null;
  const active = isActive(job.status);
  const client = useQueryClient();
  // The history shows the job's status too: refresh it once the job has ended.
  useEffect(() => {
    if (!active) void client.invalidateQueries({ queryKey: gedcomKeys.allJobs });
  }, [active, client]);
  const percent = jobPercent(job);
  const persons =
    job.total === null
      ? t('job.personsSoFar', { processed: job.processed })
      : t('job.persons', { processed: job.processed, total: job.total });
  const stateText =
    job.status === 'queued'
      ? t('job.queued')
      : job.status === 'running'
        ? percent === null
          ? t('job.runningUnknown')
          : t('job.running', { percent })
        : null;

  return (
    <Stack spacing={2.5} data-testid="gedcom-job" data-status={job.status}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {script.text([t('job.title'), job.file_name].filter(Boolean).join(': '))}
      </Typography>
      {active && (
        <Stack spacing={1}>
          <LinearProgress
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? 0}
            aria-label={stateText ?? ''}
            data-testid="gedcom-job-progress"
          />
          <Typography role="status" data-testid="gedcom-job-state">
            {script.text(`${stateText ?? ''} · ${persons}`)}
          </Typography>
          <div>
            <Button
              color="error"
              onClick={() => setAsking(true)}
              {...script.label(t('job.cancel'))}
            >
              {script.text(t('job.cancel'))}
            </Button>
          </div>
        </Stack>
      )}
      {job.status === 'done' && (
        <Alert severity="success" data-testid="gedcom-job-done">
          {script.text(t('job.done', { count: job.persons_created }))}
          {job.mode === 'merge' && (
            <>
              <br />
              {script.text(t('job.merged', { count: job.persons_merged }))}
            </>
          )}
        </Alert>
      )}
      {job.reverted_at !== null && (
        <Alert severity="info" data-testid="gedcom-job-reverted">
          {script.text(t('job.reverted'))}
        </Alert>
      )}
      {revert.isError && (
        <Alert severity="error">{script.text(failureMessage(revert.error))}</Alert>
      )}
      {job.status === 'failed' && (
        <Alert severity="error" data-testid="gedcom-job-failed">
          <strong>{script.text(t('job.failed'))}</strong>
          <br />
          {script.text(job.error ?? '')}
        </Alert>
      )}
      {job.status === 'cancelled' && (
        <Alert severity="info">{script.text(t('job.cancelled'))}</Alert>
      )}
      {job.backup_name && (
        <Typography variant="body2" color="textSecondary">
          {script.text(t('job.backup', { name: job.backup_name }))}
        </Typography>
      )}
      {!active && (
        <>
          <WarningsList warnings={job.warnings} total={job.warnings_total} />
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              onClick={() =>
                saveBlob(
                  new Blob([reportText(job)], { type: 'text/plain;charset=utf-8' }),
                  reportFileName(job),
                )
              }
              {...script.label(t('job.report'))}
            >
              {script.text(t('job.report'))}
            </Button>
            {canRevert && (
              <Button
                color="error"
                variant="outlined"
                onClick={() => setReverting(true)}
                {...script.label(t('job.revert'))}
              >
                {script.text(t('job.revert'))}
              </Button>
            )}
            {another}
          </Stack>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('job.cancelTitle')}
        text={t('job.cancelText')}
        confirmLabel={t('job.cancel')}
        danger
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(job.id, { onSettled: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      />
      <ConfirmDialog
        open={reverting}
        title={t('job.revertTitle')}
        text={t('job.revertText')}
        confirmLabel={t('job.revert')}
        danger
        pending={revert.isPending}
        onConfirm={() => revert.mutate(job.id, { onSettled: () => setReverting(false) })}
        onClose={() => setReverting(false)}
      />
    </Stack>
  );
}
