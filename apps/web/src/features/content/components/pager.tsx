import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/content';

/** Page numbers under a list (hidden when there is one page). */
export function Pager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('content');
  if (pages <= 1) return null;
  return (
    <Stack sx={{ alignItems: 'center', mt: 3 }}>
      <Pagination
        page={Math.min(page, pages)}
        count={pages}
        color="primary"
        onChange={(_event, value) => onChange(value)}
        getItemAriaLabel={(type, value) =>
          type === 'page'
            ? t('common.pageOf', { page: value ?? 0, pages })
            : type === 'previous'
              ? t('common.previous')
              : t('common.next')
        }
      />
    </Stack>
  );
}
