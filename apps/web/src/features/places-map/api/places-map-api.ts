import type {
  BranchPlaces,
  MapEventType,
  MapTiles,
  PersonPlaces,
  Place,
  PlaceEvent,
  PlacesMap,
  PlaceSummary,
} from '@bagysh/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The map's answers are typed by the shared contract (the server serialized them through it). */

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const placesMapKeys = {
  all: ['places-map'] as const,
  map: () => [...placesMapKeys.all, 'map'] as const,
  tiles: () => [...placesMapKeys.all, 'tiles'] as const,
  person: (id: number) => [...placesMapKeys.all, 'person', id] as const,
  branch: (id: number) => [...placesMapKeys.all, 'branch', id] as const,
  place: (id: number) => [...placesMapKeys.all, 'place', id] as const,
  inside: (id: number) => [...placesMapKeys.all, 'inside', id] as const,
  events: (id: number, type: MapEventType | null, page: number) =>
    [...placesMapKeys.all, 'events', id, type, page] as const,
};

export const fetchPlacesMap = (signal?: AbortSignal) => api<PlacesMap>('places/map/', { signal });

export function getPlacesMapQueryOptions() {
  return queryOptions({
    queryKey: placesMapKeys.map(),
    queryFn: ({ signal }) => fetchPlacesMap(signal),
    retry: 1,
  });
}

/** Every place with coordinates and its counts, with the tile server. */
export function usePlacesMap(enabled = true) {
  return useQuery({ ...getPlacesMapQueryOptions(), enabled });
}

/** The tile server alone (MAP_TILES_URL), for a map without the places' counts. */
export function useMapTiles() {
  return useQuery({
    queryKey: placesMapKeys.tiles(),
    queryFn: ({ signal }) => api<MapTiles>('places/map/tiles/', { signal }),
    staleTime: Infinity,
    retry: 1,
  });
}

export function getPersonPlacesQueryOptions(id: number) {
  return queryOptions({
    queryKey: placesMapKeys.person(id),
    queryFn: ({ signal }) => api<PersonPlaces>(`persons/${id}/places/`, { signal }),
    retry: 1,
  });
}

/** A person's event places in the order of the life. */
export function usePersonPlaces(id: number | null) {
  return useQuery({ ...getPersonPlacesQueryOptions(id ?? 0), enabled: id !== null });
}

export function getBranchPlacesQueryOptions(id: number) {
  return queryOptions({
    queryKey: placesMapKeys.branch(id),
    queryFn: ({ signal }) => api<BranchPlaces>(`persons/${id}/branch-places/`, { signal }),
    retry: 1,
  });
}

/** The event places of a person and their descendants, by generation. */
export function useBranchPlaces(id: number | null) {
  return useQuery({ ...getBranchPlacesQueryOptions(id ?? 0), enabled: id !== null });
}

export function getPlaceQueryOptions(id: number) {
  return queryOptions({
    queryKey: placesMapKeys.place(id),
    queryFn: ({ signal }) => api<Place>(`places/${id}/`, { signal }),
    retry: false,
  });
}

export function usePlace(id: number) {
  return useQuery(getPlaceQueryOptions(id));
}

/** The places inside a place (the first page of them, by name). */
export function usePlacesInside(id: number) {
  return useQuery({
    queryKey: placesMapKeys.inside(id),
    queryFn: ({ signal }) =>
      api<Page<PlaceSummary>>('places/', { signal, query: { parent: id, page_size: 100 } }),
  });
}

export const PLACE_EVENTS_PAGE_SIZE = 20;

/** Who was born, married, died or was buried at a place or inside it, one page. */
export function usePlaceEvents(id: number, type: MapEventType | null, page: number) {
  return useQuery({
    queryKey: placesMapKeys.events(id, type, page),
    queryFn: ({ signal }) =>
      api<Page<PlaceEvent>>(`places/${id}/events/`, {
        signal,
        query: { type, page, page_size: PLACE_EVENTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}
