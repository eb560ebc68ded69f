import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/places-map';
import { useScript } from '../../../lib/script';

/** A map page's read that failed, with a retry button. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {script.text(t('retry'))}
        </Button>
      }
    >
      {script.text(t('loadError'))}
    </Alert>
  );
}
