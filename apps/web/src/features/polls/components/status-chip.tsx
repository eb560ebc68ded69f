import type { PollStatus } from '@bagysh/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/polls';
import { useScript } from '../../../lib/script';

const COLORS = { active: 'success', finished: 'default', canceled: 'error' } as const;

/** The status of a poll: green while active, grey once finished, red when canceled. */
export function StatusChip({ status }: { status: PollStatus }) {
  const { t } = useTranslation('polls');
  const script = useScript();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'finished' ? 'outlined' : 'filled'}
      label={script.text(t(`status.${status}`))}
      data-status={status}
      {...script.label(t(`status.${status}`))}
    />
  );
}
