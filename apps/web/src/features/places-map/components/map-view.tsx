import {
  formatDateKy,
  type BranchPlaces,
  type MapPoint,
  type MapTiles,
  type PlacesMap,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/places-map';
import { useScript } from '../../../lib/script';
import { useBranchPlaces, usePersonPlaces, usePlacesMap } from '../api/places-map-api';
import { groupByPlace, lifeLine, upToGeneration } from '../lib/map-groups';
import type { MapMarker } from './leaflet-map';
import { LoadError } from './load-error';

// Leaflet and its CSS come with the map pages only, drawn at once (vite.config.ts).
const LeafletMap = lazy(() => import('./leaflet-map'));

const MAP_HEIGHT = { xs: 360, md: 560 };

export interface MapScope {
  person: number | null;
  branch: number | null;
}

/** The map with its list beside it (below it on a phone). */
function MapLayout({
  tiles,
  markers,
  line,
  selected,
  onSelect,
  listTitle,
  list,
  mapLabel,
}: {
  tiles: MapTiles;
  markers: MapMarker[];
  line?: [number, number][];
  selected: string | null;
  onSelect: (id: string) => void;
  listTitle: string;
  list: ReactNode;
  mapLabel: string;
}) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <>
      {tilesFailed && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="map-tiles-failed">
          {script.text(t('tilesFailed'))}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ height: MAP_HEIGHT }}>
          <Suspense fallback={<Skeleton variant="rounded" height="100%" />}>
            <LeafletMap
              tiles={tiles}
              markers={markers}
              line={line}
              selected={selected}
              onSelect={onSelect}
              height="100%"
              label={mapLabel}
              zoomIn={t('zoomIn')}
              zoomOut={t('zoomOut')}
              onTilesFailed={() => setTilesFailed(true)}
            />
          </Suspense>
        </Box>
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="map-list-heading"
          sx={{ p: 1.5, maxHeight: { md: MAP_HEIGHT.md }, overflowY: { md: 'auto' } }}
        >
          <Typography component="h2" variant="h6" id="map-list-heading" sx={{ fontSize: 18 }}>
            {script.text(listTitle)}
          </Typography>
          {list}
        </Paper>
      </Box>
    </>
  );
}

function Loading() {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  return (
    <Box aria-busy="true" data-testid="map-loading">
      <span className="visually-hidden">{script.text(t('loading'))}</span>
      <Skeleton variant="rounded" height={MAP_HEIGHT.md} />
    </Box>
  );
}

/** An item of the list beside the map: a button that selects its marker, and links. */
function ListItem({
  id,
  selected,
  onSelect,
  title,
  children,
}: {
  id: string;
  selected: boolean;
  onSelect: (id: string) => void;
  title: string;
  children?: ReactNode;
}) {
  const script = useScript();
  return (
    <Box
      component="li"
      data-testid="map-list-item"
      data-id={id}
      sx={{
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
        scrollMarginTop: 8,
      }}
      ref={(node: HTMLLIElement | null) => {
        if (node && selected) node.scrollIntoView({ block: 'nearest' });
      }}
    >
      <Button
        size="small"
        onClick={() => onSelect(id)}
        aria-pressed={selected}
        sx={{ textAlign: 'left', justifyContent: 'flex-start', fontWeight: 600 }}
        {...script.label(title)}
      >
        {script.text(title)}
      </Button>
      <Box sx={{ px: 1, fontSize: 14 }}>{children}</Box>
    </Box>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0, mt: 1 } as const;

function useDateText() {
  const { t } = useTranslation('placesMap');
  return (point: MapPoint) =>
    `${t(`types.${point.type}`)}: ${point.date ? formatDateKy(point.date) : t('noDate')}`;
}

/** How many events a place has of its own (its sub-places' not counted). */
const eventTotal = ({ counts }: PlacesMap['places'][number]) =>
  counts.birth + counts.marriage + counts.death + counts.burial;

/** All places with coordinates: markers with their counts, the list of places beside. */
function AllPlaces({ data }: { data: PlacesMap }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const [selected, setSelected] = useState<string | null>(null);
  const markers = useMemo<MapMarker[]>(
    () =>
      data.places.map((place) => {
        const total = eventTotal(place);
        // A place with no events of its own (a region whose villages have them) is a plain dot.
        return {
          id: String(place.id),
          latitude: place.latitude,
          longitude: place.longitude,
          label: `${place.full_name}: ${total > 0 ? t('countsShort', place.counts) : t('noOwnEvents')}`,
          text: total > 0 ? String(total) : undefined,
        };
      }),
    [data, t],
  );
  if (data.places.length === 0) {
    return <Alert severity="info">{script.text(t('empty'))}</Alert>;
  }
  return (
    <>
      <MapLayout
        tiles={data.tiles}
        markers={markers}
        selected={selected}
        onSelect={setSelected}
        mapLabel={t('mapLabel')}
        listTitle={t('placesList')}
        list={
          <Box component="ul" sx={listSx}>
            {data.places.map((place) => (
              <ListItem
                key={place.id}
                id={String(place.id)}
                selected={selected === String(place.id)}
                onSelect={setSelected}
                title={place.full_name}
              >
                <div data-testid="map-place-counts">
                  {script.text(
                    eventTotal(place) > 0 ? t('countsShort', place.counts) : t('noOwnEvents'),
                  )}
                </div>
                <Typography
                  component={Link}
                  to={paths.place(place.id)}
                  variant="body2"
                  sx={{ color: 'primary.dark' }}
                  // The place's name tells the links of the list apart (runes: the Cyrillic).
                  aria-label={`${t('placePage')}: ${place.full_name}`}
                  title={script.runes ? `${t('placePage')}: ${place.full_name}` : undefined}
                >
                  {script.text(t('placePage'))}
                </Typography>
              </ListItem>
            ))}
          </Box>
        }
      />
      {data.without_coordinates > 0 && (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {script.text(t('withoutCoordinates', { n: data.without_coordinates }))}
        </Typography>
      )}
    </>
  );
}

/** A person's life: the places of their events, numbered and joined in time order. */
/** What the map shows of a person, with the link to their page. */
function PersonIntro({ intro, person }: { intro: string; person: { id: number } }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  return (
    <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
      {script.text(intro)}{' '}
      <Typography
        component={Link}
        to={paths.person(person.id)}
        sx={{ color: 'primary.dark' }}
        {...script.label(t('personPage'))}
      >
        {script.text(t('personPage'))}
      </Typography>
    </Typography>
  );
}

function PersonLife({ id }: { id: number }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const dateText = useDateText();
  const { data, isPending, isError, refetch } = usePersonPlaces(id);
  const [selected, setSelected] = useState<string | null>(null);
  const groups = useMemo(() => (data ? groupByPlace(data.points) : []), [data]);
  const markers = useMemo<MapMarker[]>(
    () =>
      groups.map((group) => ({
        id: String(group.place.id),
        latitude: group.place.latitude,
        longitude: group.place.longitude,
        label: `${group.place.full_name}: ${group.points.map((p) => dateText(p.point)).join('; ')}`,
        text: group.points.map((p) => p.order).join(','),
      })),
    [groups, dateText],
  );
  const line = useMemo(() => (data ? lifeLine(data.points) : []), [data]);
  if (isPending) return <Loading />;
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  return (
    <>
      <PersonIntro intro={t('personIntro', { name: data.person.name })} person={data.person} />
      {data.points.length === 0 ? (
        <Alert severity="info">{script.text(t('personEmpty'))}</Alert>
      ) : (
        <MapLayout
          tiles={data.tiles}
          markers={markers}
          line={line}
          selected={selected}
          onSelect={setSelected}
          mapLabel={`${t('mapLabel')}: ${data.person.name}`}
          listTitle={t('lifeList')}
          list={
            <Box component="ol" sx={listSx}>
              {data.points.map((point, index) => (
                <ListItem
                  key={point.event_id}
                  id={String(point.place.id)}
                  selected={selected === String(point.place.id)}
                  onSelect={setSelected}
                  title={`${index + 1}. ${dateText(point)}`}
                >
                  <PlaceLink place={point.place} />
                </ListItem>
              ))}
            </Box>
          }
        />
      )}
    </>
  );
}

/** A point's place, by its full name, linking to the place's page. */
function PlaceLink({ place }: { place: { id: number; full_name: string } }) {
  const script = useScript();
  return (
    <Typography
      component={Link}
      to={paths.place(place.id)}
      variant="body2"
      sx={{ color: 'primary.dark' }}
      {...script.label(place.full_name)}
    >
      {script.text(place.full_name)}
    </Typography>
  );
}

function BranchMap({ data }: { data: BranchPlaces }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const dateText = useDateText();
  const [generation, setGeneration] = useState(data.generations);
  const [selected, setSelected] = useState<string | null>(null);
  const shown = useMemo(() => upToGeneration(data.points, generation), [data, generation]);
  const groups = useMemo(() => groupByPlace(shown), [shown]);
  const markers = useMemo<MapMarker[]>(
    () =>
      groups.map((group) => ({
        id: String(group.place.id),
        latitude: group.place.latitude,
        longitude: group.place.longitude,
        label: `${group.place.full_name}: ${group.points
          .map((p) => `${p.point.person.name}, ${dateText(p.point)}`)
          .join('; ')}`,
        text: String(group.points.length),
      })),
    [groups, dateText],
  );
  if (data.points.length === 0) {
    return <Alert severity="info">{script.text(t('branchEmpty'))}</Alert>;
  }
  const sliderLabel = t('generationSlider');
  return (
    <>
      {data.generations > 0 && (
        <Box sx={{ px: 1, mb: 1, maxWidth: 520 }}>
          <Typography id="map-generation-label" gutterBottom>
            {script.text(sliderLabel)}: {script.text(t('generationValue', { n: generation + 1 }))}
          </Typography>
          <Slider
            value={generation}
            min={0}
            max={data.generations}
            step={1}
            marks
            onChange={(_event, value) => setGeneration(value)}
            getAriaValueText={(value) => t('generationValue', { n: value + 1 })}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => value + 1}
            slotProps={{ input: { 'aria-labelledby': 'map-generation-label' } }}
            data-testid="map-generation-slider"
          />
          <Typography variant="body2" color="textSecondary" data-testid="map-shown-count">
            {script.text(t('shownPoints', { shown: shown.length, total: data.points.length }))}
          </Typography>
        </Box>
      )}
      {data.truncated && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {script.text(t('truncated', { n: data.points.length }))}
        </Alert>
      )}
      <MapLayout
        tiles={data.tiles}
        markers={markers}
        selected={selected}
        onSelect={setSelected}
        mapLabel={`${t('mapLabel')}: ${data.person.name}`}
        listTitle={t('branchList')}
        list={
          <Box component="ul" sx={listSx}>
            {shown.map((point) => (
              <ListItem
                key={point.event_id}
                id={String(point.place.id)}
                selected={selected === String(point.place.id)}
                onSelect={setSelected}
                title={`${point.person.name}: ${dateText(point)}`}
              >
                <span>
                  {script.text(`${t('generation')} ${point.generation + 1}`)}
                  {' · '}
                </span>
                <PlaceLink place={point.place} />
              </ListItem>
            ))}
          </Box>
        }
      />
    </>
  );
}

function Branch({ id }: { id: number }) {
  const { t } = useTranslation('placesMap');
  const { data, isPending, isError, refetch } = useBranchPlaces(id);
  if (isPending) return <Loading />;
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  return (
    <>
      <PersonIntro intro={t('branchIntro', { name: data.person.name })} person={data.person} />
      <BranchMap data={data} />
    </>
  );
}

function All() {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const { data, isPending, isError, refetch } = usePlacesMap();
  return (
    <>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
        {script.text(t('intro'))}
      </Typography>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <AllPlaces data={data} />
      )}
    </>
  );
}

/** The map page (/map): all places, or `?person=` a life, or `?branch=` a branch over time. */
export function MapView({ scope }: { scope: MapScope }) {
  const { t } = useTranslation('placesMap');
  const script = useScript();
  const back = scope.person !== null || scope.branch !== null;
  return (
    <>
      {scope.person !== null ? (
        <PersonLife key={scope.person} id={scope.person} />
      ) : scope.branch !== null ? (
        <Branch key={scope.branch} id={scope.branch} />
      ) : (
        <All />
      )}
      {back && (
        <Typography
          component={Link}
          to={paths.map()}
          sx={{ display: 'inline-block', mt: 2, color: 'primary.dark' }}
          {...script.label(t('allPlaces'))}
        >
          {script.text(t('allPlaces'))}
        </Typography>
      )}
    </>
  );
}
