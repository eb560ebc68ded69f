import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/print-button';
import { useScript } from '../../../lib/script';

// The dialog, its catalogue and the shared schemas come on the first click, not with the page.
const PrintDialog = lazy(() =>
  import('./print-dialog').then((module) => ({ default: module.PrintDialog })),
);

export interface PrintButtonProps {
  personId: number;
  personName: string;
  /** 'text' in a chart's toolbar (beside its download and print buttons), else outlined. */
  variant?: 'text' | 'outlined';
}

/** "Басып чыгаруу": opens the print dialog of the person's poster and book. */
export function PrintButton({ personId, personName, variant = 'outlined' }: PrintButtonProps) {
  const { t } = useTranslation('print');
  const script = useScript();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        startIcon={<PrintIcon />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="print-open"
        sx={{ minHeight: 44 }}
        {...script.label(t('open'))}
      >
        {script.text(t('open'))}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <PrintDialog
            personId={personId}
            personName={personName}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
