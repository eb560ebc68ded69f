import { type GedcomCounts } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';

const KEYS = ['individuals', 'families', 'events', 'sources', 'places', 'notes', 'media'] as const;

/**
 * What a GEDCOM file holds, one tile per kind of record; for a GEDZip archive whose media come
 * in as files, one more with how many.
 */
export function CountsGrid({ counts }: { counts: GedcomCounts }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  // The restricted persons are a warning of the preview, not a tile.
  const keys: Exclude<keyof GedcomCounts, 'restricted'>[] =
    (counts.media_files ?? 0) > 0 ? [...KEYS, 'media_files'] : [...KEYS];
  return (
    <Box
      component="dl"
      data-testid="gedcom-counts"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, 1fr)',
          sm: 'repeat(4, 1fr)',
          md: `repeat(${keys.length}, 1fr)`,
        },
        gap: 1,
        m: 0,
      }}
    >
      {keys.map((key) => (
        <Box
          key={key}
          data-count={key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}
        >
          <Typography component="dt" variant="caption" color="textSecondary">
            {script.text(t(`counts.${key}`))}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-value>
            {counts[key]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
