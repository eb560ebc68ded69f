import type { ContentStatus } from '@bagysh/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import '../../../lib/i18n/areas/content';

const colors = { draft: 'default', pending: 'warning', published: 'success' } as const;

export function StatusChip({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('content');
  const script = useScript();
  return (
    <Chip
      size="small"
      color={colors[status]}
      label={script.text(t(`status.${status}`))}
      {...script.label(t(`status.${status}`))}
    />
  );
}
