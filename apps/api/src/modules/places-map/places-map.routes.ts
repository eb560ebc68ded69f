import {
  BranchPlacesSchema,
  MapTilesSchema,
  PersonIdParams,
  PersonPlacesSchema,
  PlaceEventsPageSchema,
  PlaceEventsQuery,
  PlacesMapSchema,
  RecordIdParams,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../genealogy/privacy';
import {
  readBranchPlaces,
  readPersonPlaces,
  readPlaceEvents,
  readPlacesMap,
} from '../../genealogy/records/place-map';
import { paginated } from '../../lib/pagination';

const tags = ['places'];
const privacy =
  'Events of a living person (or a marriage with one) are left out for a guest, counts too.';

/**
 * The tribe on a map (docs/features.md, Map): every map answer carries the tile server of
 * MAP_TILES_URL, so the web needs no other call to draw it; a page with a map of its own reads
 * the tile server alone.
 */
export const placesMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const tiles = app.config.mapTiles;

  // The tile server alone, for a page whose map needs no counts (a place's page).
  app.get(
    '/places/map/tiles/',
    {
      schema: {
        tags,
        summary: 'The tile server of the maps (MAP_TILES_URL) and its attribution',
        response: { 200: MapTilesSchema },
      },
    },
    async () => tiles,
  );

  app.get(
    '/places/map/',
    {
      schema: {
        tags,
        summary: 'Places with coordinates and their births, marriages, deaths and burials',
        description: privacy,
        response: { 200: PlacesMapSchema },
      },
    },
    async (request) => readPlacesMap(app.db, viewerOf(request), tiles),
  );

  app.get(
    '/places/:id/events/',
    {
      schema: {
        tags,
        summary: 'Births, marriages, deaths and burials at a place or inside it, oldest first',
        description: privacy,
        params: RecordIdParams,
        querystring: PlaceEventsQuery,
        response: { 200: PlaceEventsPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await readPlaceEvents(
        app.db,
        request.params.id,
        request.query,
        viewerOf(request),
      );
      return paginated(request, request.query, count, results);
    },
  );

  app.get(
    '/persons/:id/places/',
    {
      schema: {
        tags,
        summary: "A person's event places on the map, in the order of the life",
        description: privacy,
        params: PersonIdParams,
        response: { 200: PersonPlacesSchema },
      },
    },
    async (request) => readPersonPlaces(app.db, request.params.id, viewerOf(request), tiles),
  );

  app.get(
    '/persons/:id/branch-places/',
    {
      schema: {
        tags,
        summary: 'The event places of a person and their descendants, by generation',
        description: privacy,
        params: PersonIdParams,
        response: { 200: BranchPlacesSchema },
      },
    },
    async (request) => readBranchPlaces(app.db, request.params.id, viewerOf(request), tiles),
  );
};
