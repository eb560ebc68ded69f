import type { ProposalChoice, ProposalConflict } from '@bagysh/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { refreshModerationCounts } from '../../../lib/moderation-counts';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { genealogyKeys } from '../api/genealogy-api';
import { conflictsOf, ProposalConflicts } from './proposal-conflicts';

/** How one proposal is accepted or rejected: the person kinds' routes or the records'. */
export interface ReviewCalls {
  accept: (comment?: string, resolutions?: Record<string, ProposalChoice>) => Promise<unknown>;
  reject: (comment: string) => Promise<unknown>;
}

/**
 * A moderator's review of one proposal: a comment (required to reject), accept and reject;
 * when the accept answers that fields changed since, each such field with the proposed and
 * the current value to choose from, sent with the next accept.
 */
export function ProposalReview({
  revisionId,
  calls,
  value,
}: {
  revisionId: number;
  calls: ReviewCalls;
  /** A field's value as the moderator reads it, for the fields changed since. */
  value: (field: string, raw: unknown) => ReactNode;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Fields changed since the proposal, as the last accept answered them, and the choices made.
  const [conflicts, setConflicts] = useState<ProposalConflict[] | null>(null);
  const [choices, setChoices] = useState<Record<string, ProposalChoice>>({});

  const review = async (kind: 'accept' | 'reject') => {
    if (kind === 'reject' && comment.trim() === '') {
      setError(t('moderation.commentRequired'));
      return;
    }
    if (kind === 'accept' && conflicts?.some((conflict) => !choices[conflict.field])) {
      setError(t('moderation.chooseEach'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (kind === 'accept') {
        await calls.accept(comment.trim() || undefined, conflicts ? choices : undefined);
      } else await calls.reject(comment.trim());
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
      refreshModerationCounts();
      void notify(kind === 'accept' ? t('moderation.accepted') : t('moderation.rejected'), {
        type: 'success',
      });
    } catch (caught) {
      const changed = conflictsOf(caught);
      if (changed) {
        setConflicts(changed);
        setChoices((previous) => {
          const kept: Record<string, ProposalChoice> = {};
          for (const conflict of changed) {
            const choice = previous[conflict.field];
            if (choice) kept[conflict.field] = choice;
          }
          return kept;
        });
        return;
      }
      setError(caught instanceof ApiError || caught instanceof Error ? caught.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {conflicts && (
        <ProposalConflicts
          revisionId={revisionId}
          value={value}
          conflicts={conflicts}
          choices={choices}
          onChoose={(field, choice) => {
            setError(null);
            setChoices((previous) => ({ ...previous, [field]: choice }));
          }}
        />
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={script.field(t('moderation.comment'))}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={error !== null}
          helperText={error ? script.text(error) : undefined}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => void review('accept')}
        >
          {script.text(t('moderation.accept'))}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => void review('reject')}
        >
          {script.text(t('moderation.reject'))}
        </Button>
      </Stack>
    </>
  );
}
