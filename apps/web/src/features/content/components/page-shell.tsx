import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { LoadError } from './query-state';
import '../../../lib/i18n/areas/content';

/** The frame of an admin-editable page: its heading, an edit button for admins, the states. */
export function PageShell({
  title,
  fallbackTitle,
  canEdit,
  editing,
  onEdit,
  loading,
  error,
  onRetry,
  children,
}: {
  title: string | undefined;
  fallbackTitle: string;
  canEdit: boolean;
  editing: boolean;
  onEdit: () => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('content');
  const script = useScript();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
          {script.text(editing ? t('pages.editPage') : title || fallbackTitle)}
        </Typography>
        {canEdit && !editing && !loading && !error && (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={onEdit}
            sx={{ flexShrink: 0 }}
            {...script.label(t('common.edit'))}
          >
            {script.text(t('common.edit'))}
          </Button>
        )}
      </Stack>
      {error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : loading ? (
        <Box aria-busy sx={{ mt: 2 }}>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
        </Box>
      ) : (
        <Box sx={{ mt: 2 }}>{children}</Box>
      )}
    </Container>
  );
}

/** Save / Cancel under an edit form. */
export function EditActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('content');
  const script = useScript();
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: 'flex-end', mt: 3 }}
    >
      <Button onClick={onCancel} disabled={busy} {...script.label(t('common.cancel'))}>
        {script.text(t('common.cancel'))}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disableElevation
        loading={busy}
        {...script.label(t('common.save'))}
      >
        {script.text(t('common.save'))}
      </Button>
    </Stack>
  );
}
