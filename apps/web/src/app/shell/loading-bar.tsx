import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** The loading bar itself; its code loads the first time something is loading. */
export default function LoadingBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      color="secondary"
      aria-label={t('notices.loading')}
      data-testid="loading-indicator"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'snackbar' }}
    />
  );
}
