import type { MapTiles, Place } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/places-map';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { placesMapKeys } from '../api/places-map-api';
import type { MapMarker } from './leaflet-map';

const LeafletMap = lazy(() => import('./leaflet-map'));

/** Six decimals: about 10 cm, more than a click on a map can mean. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The place editor's small map: a place without coordinates gets them by a click. A
 * moderator's change applies at once, a member's is a proposal (202), as every place change.
 */
export function CoordinatesPicker({ place, tiles }: { place: Place; tiles: MapTiles }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ latitude: number; longitude: number } | null>(null);
  const save = useMutation({
    mutationFn: (point: { latitude: number; longitude: number }) =>
      api<Place | { status: string }>(`places/${place.id}/`, { method: 'PATCH', body: point }),
    onSuccess: async (answer) => {
      const applied = 'event_count' in answer;
      void notify(applied ? t('picker.saved') : t('picker.proposed'), { type: 'success' });
      setOpen(false);
      setPicked(null);
      await client.invalidateQueries({ queryKey: placesMapKeys.all });
    },
  });
  const markers = useMemo<MapMarker[]>(
    () =>
      picked
        ? [
            {
              id: 'picked',
              ...picked,
              label: t('picker.chosen', picked),
            },
          ]
        : [],
    [picked, t],
  );
  if (!open) {
    return (
      <Button
        variant="outlined"
        onClick={() => setOpen(true)}
        data-testid="place-pick-open"
        {...script.label(t('picker.label'))}
      >
        {script.text(t('picker.label'))}
      </Button>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="place-picker">
      <Typography sx={{ mb: 1 }}>{script.text(t('picker.hint'))}</Typography>
      <Box sx={{ height: 280 }}>
        <Suspense fallback={<Skeleton variant="rounded" height="100%" />}>
          <LeafletMap
            tiles={tiles}
            markers={markers}
            onPick={(latitude, longitude) =>
              setPicked({ latitude: round(latitude), longitude: round(longitude) })
            }
            height="100%"
            label={t('picker.label')}
            zoomIn={t('zoomIn')}
            zoomOut={t('zoomOut')}
            zoom={9}
          />
        </Suspense>
      </Box>
      {picked && (
        <Typography sx={{ mt: 1 }} data-testid="place-picked">
          {script.text(t('picker.chosen', picked))}
        </Typography>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {script.text(save.error instanceof ApiError ? save.error.message : t('loadError'))}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={!picked || save.isPending}
          onClick={() => picked && save.mutate(picked)}
          data-testid="place-pick-save"
          {...script.label(t('picker.save'))}
        >
          {script.text(t('picker.save'))}
        </Button>
        <Button onClick={() => setOpen(false)} {...script.label(t('picker.cancel'))}>
          {script.text(t('picker.cancel'))}
        </Button>
      </Stack>
    </Paper>
  );
}
