import { z } from 'zod';
import { PageQuerySchema, paginatedSchema } from './common';
import { EventDateSchema } from './gedcom-date';
import { PersonLinkSchema } from './persons';

/**
 * The tribe on a map (docs/features.md, Map): places with coordinates and what happened there,
 * a person's life as a line between the places of their events, a branch over generations.
 */

/** The event types the map counts and draws. */
export const MAP_EVENT_TYPES = ['birth', 'marriage', 'death', 'burial'] as const;
export type MapEventType = (typeof MAP_EVENT_TYPES)[number];

/** The tile server the maps draw under their markers (MAP_TILES_URL). */
export const MapTilesSchema = z.object({
  /** A Leaflet URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  url: z.string(),
  /** The credit the tile server asks for, shown in the corner of every map. */
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof MapTilesSchema>;

export const MapPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name with its parents: "Ат-Башы, Нарын, Кыргызстан". */
  full_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type MapPlace = z.infer<typeof MapPlaceSchema>;

/** Events of each map type at one place, counted as the reader may see them. */
export const MapCountsSchema = z.object({
  birth: z.number().int(),
  marriage: z.number().int(),
  death: z.number().int(),
  burial: z.number().int(),
});
export type MapCounts = z.infer<typeof MapCountsSchema>;

/** `GET /places/map/`: every place with coordinates and its counts. */
export const PlacesMapSchema = z.object({
  tiles: MapTilesSchema,
  places: z.array(MapPlaceSchema.extend({ counts: MapCountsSchema })),
  /** Places without coordinates: not on the map. */
  without_coordinates: z.number().int(),
});
export type PlacesMap = z.infer<typeof PlacesMapSchema>;

/** One event with a place on the map. */
export const MapPointSchema = z.object({
  event_id: z.number().int(),
  type: z.enum(MAP_EVENT_TYPES),
  date: EventDateSchema.nullable(),
  /** The year the date falls in (eventYear), null without a date. */
  year: z.number().int().nullable(),
  place: MapPlaceSchema,
});
export type MapPoint = z.infer<typeof MapPointSchema>;

/** `GET /persons/{id}/places/`: the person's event places in time order. */
export const PersonPlacesSchema = z.object({
  tiles: MapTilesSchema,
  person: PersonLinkSchema,
  points: z.array(MapPointSchema),
});
export type PersonPlaces = z.infer<typeof PersonPlacesSchema>;

/** The most descendants the branch map reads. */
export const BRANCH_MAP_LIMITS = { maxPersons: 2000, maxGenerations: 30 } as const;

/** `GET /persons/{id}/branch-places/`: the event places of a person and their descendants. */
export const BranchPlacesSchema = z.object({
  tiles: MapTilesSchema,
  person: PersonLinkSchema,
  points: z.array(
    MapPointSchema.extend({
      person: PersonLinkSchema,
      /** 0 for the branch's top person, 1 for their children, … */
      generation: z.number().int(),
    }),
  ),
  /** The deepest generation read. */
  generations: z.number().int(),
  /** Cut at BRANCH_MAP_LIMITS.maxPersons. */
  truncated: z.boolean(),
});
export type BranchPlaces = z.infer<typeof BranchPlacesSchema>;

export const PlaceEventsQuery = PageQuerySchema.extend({
  type: z.enum(MAP_EVENT_TYPES).optional(),
});
export type PlaceEventsQuery = z.infer<typeof PlaceEventsQuery>;

/** Who was born, married, died or was buried at a place (or in a place inside it). */
export const PlaceEventSchema = z.object({
  event_id: z.number().int(),
  type: z.enum(MAP_EVENT_TYPES),
  date: EventDateSchema.nullable(),
  year: z.number().int().nullable(),
  /** The persons of the event: one, or both spouses of a marriage. */
  persons: z.array(PersonLinkSchema),
  /** The place itself or a place inside it. */
  place: z.object({ id: z.number().int(), name: z.string() }),
});
export type PlaceEvent = z.infer<typeof PlaceEventSchema>;

export const PlaceEventsPageSchema = paginatedSchema(PlaceEventSchema);
