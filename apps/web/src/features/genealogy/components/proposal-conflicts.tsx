import {
  ProposalConflictsErrorSchema,
  type ProposalChoice,
  type ProposalConflict,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useScript } from '../../../lib/script';

/** The fields an accept's 409 names as changed since the proposal, or null for another error. */
export function conflictsOf(error: unknown): ProposalConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = ProposalConflictsErrorSchema.safeParse(error.body);
  return parsed.success && parsed.data.conflicts.length > 0 ? parsed.data.conflicts : null;
}

/**
 * The fields of a proposal changed since it was made, each with the proposed and the current
 * value to choose from (the value it saw shown beside them); the choice goes with the next
 * accept as its resolution.
 */
export function ProposalConflicts({
  revisionId,
  value,
  conflicts,
  choices,
  onChoose,
}: {
  revisionId: number;
  /** A field's value as the moderator reads it. */
  value: (field: string, raw: unknown) => ReactNode;
  conflicts: readonly ProposalConflict[];
  choices: Readonly<Record<string, ProposalChoice>>;
  onChoose: (field: string, choice: ProposalChoice) => void;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const label = (field: string) => t(`fieldNames.${field}`, { defaultValue: field });
  return (
    <Alert severity="warning" icon={false} data-testid="proposal-conflicts" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        {script.text(t('moderation.conflictTitle'))}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {script.text(t('moderation.conflictHelp'))}
      </Typography>
      <Stack spacing={2}>
        {conflicts.map((conflict) => {
          const id = `conflict-${revisionId}-${conflict.field}`;
          return (
            <FormControl key={conflict.field} data-conflict-field={conflict.field}>
              <FormLabel id={id} sx={{ fontWeight: 600, color: 'text.primary' }}>
                {script.text(label(conflict.field))}
              </FormLabel>
              <Typography variant="body2" color="textSecondary" component="div">
                {script.text(t('moderation.seenValue'))}: {value(conflict.field, conflict.before)}
              </Typography>
              <RadioGroup
                aria-labelledby={id}
                name={id}
                value={choices[conflict.field] ?? ''}
                onChange={(event) => onChoose(conflict.field, event.target.value as ProposalChoice)}
              >
                {(['proposed', 'current'] as const).map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio />}
                    data-choice={choice}
                    sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                    label={
                      <Box sx={{ py: 0.75, overflowWrap: 'anywhere' }}>
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          {script.text(
                            t(
                              choice === 'proposed'
                                ? 'moderation.proposedValue'
                                : 'moderation.currentValue',
                            ),
                          )}
                          :{' '}
                        </Typography>
                        {value(conflict.field, conflict[choice])}
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          );
        })}
      </Stack>
    </Alert>
  );
}
