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
  /**
   * 'toolbar' in a chart's toolbar, beside its download buttons and its own print of the screen
   * (so its text names the PDFs); else an outlined button.
   */
  variant?: 'toolbar' | 'outlined';
}

/** "Басып чыгаруу": opens the print dialog of the person's poster and book. */
export function PrintButton({ personId, personName, variant = 'outlined' }: PrintButtonProps) {
  const { t } = useTranslation('print');
  const script = useScript();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const toolbar = variant === 'toolbar';
  const text = t(toolbar ? 'openInToolbar' : 'open');
  return (
    <>
      <Button
        variant={toolbar ? 'text' : 'outlined'}
        startIcon={<PrintIcon />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="print-open"
        sx={{ minHeight: 44 }}
        {...script.label(text)}
      >
        {script.text(text)}
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
