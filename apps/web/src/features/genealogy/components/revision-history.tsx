import type { Revision } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { genealogyKeys, revertRevision, useRevisions } from '../api/genealogy-api';
import { RevisionDiff } from './revision-diff';

export function RevisionMeta({ revision }: { revision: Revision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const color =
    revision.status === 'applied'
      ? 'success'
      : revision.status === 'pending'
        ? 'warning'
        : 'default';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Chip size="small" color={color} label={script.text(t(`status.${revision.status}`))} />
      <Chip size="small" variant="outlined" label={script.text(t(`action.${revision.action}`))} />
      <Typography variant="body2" color="textSecondary">
        {revision.author ? script.text(revision.author.username) : '—'} ·{' '}
        {formatDateTime(revision.created_at)}
      </Typography>
      {revision.comment && (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          «{script.text(revision.comment)}»
        </Typography>
      )}
    </Stack>
  );
}

/** A person's revision history (signed-in users); moderators can revert applied changes. */
export function RevisionHistory({ personId, moderator }: { personId: number; moderator: boolean }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const revisions = useRevisions(personId, true);
  const [busy, setBusy] = useState<number | null>(null);

  const revert = async (revision: Revision) => {
    setBusy(revision.id);
    try {
      await revertRevision(revision.id);
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
      void notify(t('history.reverted'), { type: 'success' });
    } catch (error) {
      void notify(error instanceof Error ? error.message : t('error'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {script.text(t('history.title'))}
      </Typography>
      {revisions.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : revisions.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void revisions.refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(revisions.error.message)}
        </Alert>
      ) : revisions.data.results.length === 0 ? (
        <Typography color="textSecondary">{script.text(t('history.empty'))}</Typography>
      ) : (
        <Stack spacing={2} data-testid="history">
          {revisions.data.results.map((revision) => (
            <Box
              key={revision.id}
              sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
              data-history-revision={revision.id}
            >
              <Stack
                direction="row"
                sx={{
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: 1,
                  flexWrap: 'wrap',
                }}
              >
                <RevisionMeta revision={revision} />
                {/* Reverting a creation deletes the person: that is the page's confirmed delete. */}
                {moderator &&
                  revision.status === 'applied' &&
                  revision.reverted_by === null &&
                  revision.action !== 'create' && (
                    <Button
                      size="small"
                      disabled={busy !== null}
                      onClick={() => void revert(revision)}
                    >
                      {script.text(t('history.revert'))}
                    </Button>
                  )}
              </Stack>
              {revision.action !== 'create' && (
                <Box sx={{ overflowX: 'auto', mt: 1 }}>
                  <RevisionDiff revision={revision} />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
