import { GEDCOM_VERSIONS } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { getExportLink, type ExportOptions } from '../api/gedcom-api';
import { downloadUrl } from '../../../lib/upload';
import { failureMessage } from '../lib/files';

const CHOICES: ExportOptions[] = GEDCOM_VERSIONS.flatMap((version) =>
  (['include', 'exclude'] as const).map((living) => ({ version, living })),
);

const keyOf = (choice: ExportOptions) => `${choice.version}-${choice.living}`;

/**
 * The four downloads: GEDCOM 5.5.1 or 7.0, with or without living persons, each a signed link
 * the browser downloads by itself (a refusal, such as another export running, shows here).
 */
export function ExportPanel() {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleExport = async (choice: ExportOptions) => {
    if (busy) return;
    setBusy(keyOf(choice));
    setError(null);
    try {
      // The server names the file (bagysh-sanjyra-7.0.ged, …-5.5.1-no-living.ged).
      downloadUrl((await getExportLink(choice)).url);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack
      spacing={2}
      component="section"
      aria-labelledby="gedcom-export"
      data-testid="gedcom-export"
    >
      <Typography id="gedcom-export" variant="h5" component="h2">
        {script.text(t('export.title'))}
      </Typography>
      <Typography color="textSecondary">{script.text(t('export.hint'))}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {CHOICES.map((choice) => {
          const label = t('export.download', {
            version: choice.version,
            living:
              choice.living === 'include' ? t('export.withLiving') : t('export.withoutLiving'),
          });
          return (
            <Button
              key={keyOf(choice)}
              variant="outlined"
              loading={busy === keyOf(choice)}
              data-export={keyOf(choice)}
              onClick={() => void handleExport(choice)}
              {...script.label(label)}
            >
              {script.text(label)}
            </Button>
          );
        })}
      </Stack>
      {error && <Alert severity="error">{script.text(error)}</Alert>}
    </Stack>
  );
}
