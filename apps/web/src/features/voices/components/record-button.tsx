import MicIcon from '@mui/icons-material/Mic';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/voices-button';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import type { Choice } from './choice-field';

// The recorder, its form and the upload come on the first click, not with the page.
const RecorderDialog = lazy(() =>
  import('./recorder-dialog').then((module) => ({ default: module.RecorderDialog })),
);

/** "Жазып алуу" for members: opens the recorder with the page's informant or person chosen. */
export function RecordButton({
  informant,
  person,
}: {
  informant?: Choice | null;
  person?: Choice | null;
}) {
  const { t } = useTranslation('voices');
  const script = useScript();
  const logged = useSessionStore((state) => state.logged);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!logged) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MicIcon />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="record-open"
        sx={{ minHeight: 44 }}
        {...script.label(t('record'))}
      >
        {script.text(t('record'))}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RecorderDialog
            open={open}
            onClose={() => setOpen(false)}
            informant={informant}
            person={person}
          />
        </Suspense>
      )}
    </>
  );
}
