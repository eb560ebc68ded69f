import { formatDateKy } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../../lib/i18n/areas/voices';
import { useScript } from '../../../lib/script';
import { PersonChips } from './person-chips';
import { useRecordingOfFile } from '../api/voices-api';
import { voicesPaths } from '../lib/voices-paths';

/**
 * What a recording's page says of the telling, when the file is an informant's recording: who
 * told it (a link to the informant), when and where, and the persons it speaks of. Nothing for
 * a file that is no recording, or while it loads (the player and transcript come first).
 */
export function RecordingAbout({ fileId }: { fileId: number }) {
  const { t } = useTranslation('voices');
  const script = useScript();
  const recording = useRecordingOfFile(fileId);
  if (!recording.data) return null;
  const { source, told_date: date, told_place: place, persons } = recording.data;
  const details = [
    date && t('toldWhen', { date: formatDateKy(date) }),
    place && t('toldWhere', { place: place.name }),
  ].filter(Boolean);
  return (
    <Box sx={{ mt: 2 }} data-testid="recording-about">
      <Typography>
        {script.text(`${t('informant')}: `)}
        <Typography
          component={Link}
          to={voicesPaths.informant(source.id)}
          sx={{ fontWeight: 600 }}
          {...script.label(source.title)}
        >
          {script.text(source.title)}
        </Typography>
      </Typography>
      {details.length > 0 && (
        <Typography variant="body2" color="textSecondary">
          {script.text(details.join(' · '))}
        </Typography>
      )}
      <PersonChips persons={persons} mt={1} />
    </Box>
  );
}
