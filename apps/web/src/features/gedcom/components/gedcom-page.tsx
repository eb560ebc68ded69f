import type { GedcomPreview } from '@bagysh/shared';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import '../../../lib/i18n/areas/gedcom';
import { gedcomKeys } from '../api/gedcom-api';
import { ExportPanel } from './export-panel';
import { HistoryTable } from './history-table';
import { JobPanel } from './job-panel';
import { PreviewPanel } from './preview-panel';
import { UploadPanel } from './upload-panel';

/**
 * The GEDCOM page (moderators and admins): upload → preview → job → report, the exports and
 * the history. Where the import stands is in the URL (`?preview=…`, `?job=…`), so a reload or
 * a shared link comes back to it.
 */
export function GedcomPageContent() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const previewId = params.get('preview');
  const jobId = params.get('job');

  const showPreview = (preview: GedcomPreview) => {
    client.setQueryData(gedcomKeys.preview(preview.id), preview);
    setParams({ preview: preview.id });
  };
  const showJob = (id: string) => {
    setParams({ job: id });
    window.scrollTo({ top: 0 });
  };
  const reset = () => {
    void client.invalidateQueries({ queryKey: gedcomKeys.allJobs });
    setParams({});
  };

  return (
    <Stack spacing={4} sx={{ mt: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {jobId ? (
          <JobPanel key={jobId} id={jobId} onAnother={reset} />
        ) : previewId ? (
          <PreviewPanel key={previewId} id={previewId} onCommitted={showJob} onClosed={reset} />
        ) : (
          <UploadPanel onPreview={showPreview} />
        )}
      </Paper>
      <ExportPanel />
      <Divider />
      <HistoryTable onOpen={showJob} />
    </Stack>
  );
}
