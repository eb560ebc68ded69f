import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LazyAlert } from '../../../components/lazy-alert';
import { ApiError } from '../../../lib/api-client';
import { useScript } from '../../../lib/script';
import '../../../lib/i18n/areas/content-home';

/** The error of a failed load, with a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const message = error instanceof ApiError ? error.message : t('common.retry');
  return (
    <LazyAlert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button
            color="inherit"
            size="small"
            onClick={onRetry}
            {...script.label(t('common.retry'))}
          >
            {script.text(t('common.retry'))}
          </Button>
        ) : undefined
      }
    >
      {script.text(message)}
    </LazyAlert>
  );
}

export function Loading() {
  const { t } = useTranslation('content');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

export function EmptyState({ text }: { text: string }) {
  const script = useScript();
  return (
    <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
      {script.text(text)}
    </Typography>
  );
}

/** 404 of an API call. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
