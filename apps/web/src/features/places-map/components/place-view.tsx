import { formatDateKy, MAP_EVENT_TYPES, type MapEventType } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/places-map';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import {
  PLACE_EVENTS_PAGE_SIZE,
  usePlace,
  usePlaceEvents,
  usePlacesInside,
  useMapTiles,
} from '../api/places-map-api';
import { CoordinatesPicker } from './coordinates-picker';
import type { MapMarker } from './leaflet-map';
import { LoadError } from './load-error';

const LeafletMap = lazy(() => import('./leaflet-map'));

const linkSx = { color: 'primary.dark' } as const;

/** Who was born, married, died or was buried at the place or inside it, a page at a time. */
function PlaceEvents({ id }: { id: number }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const [type, setType] = useState<MapEventType | null>(null);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = usePlaceEvents(id, type, page);
  const pages = data ? Math.max(1, Math.ceil(data.count / PLACE_EVENTS_PAGE_SIZE)) : 1;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="place-events" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" id="place-events" sx={{ fontSize: 18, mb: 1 }}>
        {script.text(t('place.events'))}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={type ?? 'all'}
        onChange={(_event, value: MapEventType | 'all' | null) => {
          if (value === null) return;
          setType(value === 'all' ? null : value);
          setPage(1);
        }}
        aria-label={t('place.typeFilter')}
        sx={{ flexWrap: 'wrap', mb: 1 }}
      >
        {(['all', ...MAP_EVENT_TYPES] as const).map((value) => {
          const label = value === 'all' ? t('place.allTypes') : t(`counts.${value}`);
          return (
            <ToggleButton key={value} value={value} {...script.label(label)}>
              {script.text(label)}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      {isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : data.count === 0 ? (
        <Typography color="textSecondary">{script.text(t('place.noEvents'))}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="place-events">
            {data.results.map((event) => (
              <Box
                component="li"
                key={event.event_id}
                sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}
              >
                {event.persons.map((person, index) => (
                  <span key={person.id}>
                    {index > 0 && ' — '}
                    <Typography
                      component={Link}
                      to={paths.person(person.id)}
                      sx={linkSx}
                      {...script.label(person.name)}
                    >
                      {script.text(person.name)}
                    </Typography>
                  </span>
                ))}
                <Typography variant="body2" color="textSecondary">
                  {script.text(
                    `${t(`types.${event.type}`)}: ${
                      event.date ? formatDateKy(event.date) : t('noDate')
                    }${event.place.id === id ? '' : ` · ${event.place.name}`}`,
                  )}
                </Typography>
              </Box>
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 1 }}
              count={pages}
              page={page}
              onChange={(_event, value) => setPage(value)}
              aria-label={t('place.pages')}
            />
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * A place's page (/places/{id}): its name in its parents, its map with the places inside it,
 * the places inside it, and who was born, married, died or was buried there.
 */
export function PlaceView({ id }: { id: number }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const place = usePlace(id);
  const inside = usePlacesInside(id);
  // The tile server (MAP_TILES_URL), read once per session.
  const tiles = useMapTiles();
  const logged = useSessionStore((state) => state.logged);
  const markers = useMemo<MapMarker[]>(() => {
    const items: MapMarker[] = [];
    const self = place.data;
    if (self && self.latitude !== null && self.longitude !== null) {
      items.push({
        id: String(self.id),
        latitude: self.latitude,
        longitude: self.longitude,
        label: self.full_name,
      });
    }
    for (const child of inside.data?.results ?? []) {
      if (child.latitude === null || child.longitude === null) continue;
      items.push({
        id: String(child.id),
        latitude: child.latitude,
        longitude: child.longitude,
        label: child.full_name,
      });
    }
    return items;
  }, [place.data, inside.data]);

  if (place.isPending) {
    return <Skeleton variant="rounded" height={320} data-testid="place-loading" />;
  }
  if (place.isError) {
    const missing = place.error instanceof ApiError && place.error.status === 404;
    return (
      <Alert severity={missing ? 'info' : 'error'}>
        {script.text(missing ? t('place.notFound') : t('loadError'))}
      </Alert>
    );
  }
  const data = place.data;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
        {script.text(data.name)}
      </Typography>
      {data.parents.length > 0 && (
        <Typography color="textSecondary" sx={{ mt: 0.5 }}>
          {script.text(t('place.partOf'))}:{' '}
          {data.parents.map((parent, index) => (
            <span key={parent.id}>
              {index > 0 && ', '}
              <Typography
                component={Link}
                to={paths.place(parent.id)}
                sx={linkSx}
                {...script.label(parent.name)}
              >
                {script.text(parent.name)}
              </Typography>
            </span>
          ))}
        </Typography>
      )}
      {data.alt_names.length > 0 && (
        <Typography color="textSecondary">{script.text(data.alt_names.join(', '))}</Typography>
      )}
      <Box
        sx={{
          mt: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          {data.latitude === null && (
            <Alert severity="info">{script.text(t('place.noCoordinates'))}</Alert>
          )}
          {data.latitude === null && logged && tiles.data && (
            <CoordinatesPicker place={data} tiles={tiles.data} />
          )}
          {markers.length === 0 ? null : tiles.data ? (
            <Box sx={{ height: { xs: 300, md: 400 } }}>
              <Suspense fallback={<Skeleton variant="rounded" height="100%" />}>
                <LeafletMap
                  tiles={tiles.data}
                  markers={markers}
                  selected={String(id)}
                  height="100%"
                  label={`${t('mapLabel')}: ${data.full_name}`}
                  zoomIn={t('zoomIn')}
                  zoomOut={t('zoomOut')}
                  zoom={9}
                />
              </Suspense>
            </Box>
          ) : (
            <Skeleton variant="rounded" height={300} />
          )}
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby="place-inside"
            sx={{ p: 2 }}
          >
            <Typography component="h2" variant="h6" id="place-inside" sx={{ fontSize: 18 }}>
              {script.text(t('place.inside'))}
            </Typography>
            {inside.data && inside.data.results.length > 0 ? (
              <Box component="ul" sx={{ pl: 2, mb: 0 }} data-testid="place-inside">
                {inside.data.results.map((child) => (
                  <li key={child.id}>
                    <Typography
                      component={Link}
                      to={paths.place(child.id)}
                      sx={linkSx}
                      {...script.label(child.name)}
                    >
                      {script.text(child.name)}
                    </Typography>
                  </li>
                ))}
              </Box>
            ) : (
              <Typography color="textSecondary">
                {inside.isPending ? script.text(t('loading')) : script.text(t('place.noInside'))}
              </Typography>
            )}
          </Paper>
        </Box>
        <PlaceEvents id={id} />
      </Box>
      <Typography
        component={Link}
        to={paths.map()}
        sx={{ display: 'inline-block', mt: 2, ...linkSx }}
        {...script.label(t('allPlaces'))}
      >
        {script.text(t('allPlaces'))}
      </Typography>
    </>
  );
}
