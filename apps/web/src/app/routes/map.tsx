import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { loadMapPages } from '../../features/places-map';

// The pages' code comes after the route's own small chunk (vite.config.ts, FIRST_PAINT_EXTRAS
// preloads it): the route table in the shell lists one file for the map.
const MapPages = lazy(loadMapPages);

/** Карта (/map, ?person=, ?branch=) and a place's page (/places/{id}). */
export function Component() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return (
    <Suspense fallback={null}>
      <MapPages placeId={id} search={search} />
    </Suspense>
  );
}
