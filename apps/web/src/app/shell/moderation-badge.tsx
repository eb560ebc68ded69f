import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';

/**
 * The small count of items waiting for review, beside a header button or menu item
 * (moderators only). Screen readers hear it in words, in Cyrillic (runes are not read).
 */
export function ModerationBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Box
        component="span"
        aria-hidden="true"
        data-testid="moderation-badge"
        sx={{
          display: 'inline-block',
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          bgcolor: 'primary.dark',
          color: '#fff',
          fontSize: 12,
          fontWeight: 700,
          lineHeight: '20px',
          textAlign: 'center',
          boxShadow: '0 0 0 2px #fff',
        }}
      >
        {count > 99 ? '99+' : count}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {`, ${t('header.moderationWaiting', { count })}`}
      </Box>
    </>
  );
}
