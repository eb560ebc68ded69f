import { z } from 'zod';
import { PageQuerySchema, RowIdParam, paginatedSchema } from './common';
import { RECORD_LIMITS } from './records';
import { RecordIdSchema } from './record-revisions';

/** Places as records: reused by events and informant sources, searchable. */

export const PLACE_LIMITS = { maxAltNames: 50 } as const;

export const placeMessages = {
  inUse: (events: number, sources: number, places: number) =>
    `Бул жер колдонулуп жатат (окуялар: ${events}, булактар: ${sources}, ичиндеги жерлер: ${places}). ` +
    'Аны өчүрүүдөн мурун башка жерге бириктириңиз (replace_with).',
  parentNotFound: 'Мындай жогорку жер табылган жок.',
  parentCycle: 'Жер өзүнүн ичинде же өзүнүн ичиндеги жердин ичинде боло албайт.',
  replaceNotFound: 'Бириктире турган жер табылган жок.',
  replaceSelf: 'Жерди өзүнө же өзүнүн ичиндеги жерге бириктирүүгө болбойт.',
  coordinatesPair: 'Кеңдик менен узундук экөө тең берилиши керек.',
} as const;

const name = z.string().trim().min(1).max(RECORD_LIMITS.placeNameMaxLength);

const placeFields = {
  name,
  /** Other names and spellings ("Фрунзе" for Бишкек). */
  alt_names: z.array(name).max(PLACE_LIMITS.maxAltNames),
  /** The region or country the place lies in. */
  parent_id: RecordIdSchema.nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
};

/** The place fields a revision records, with the API's names. */
export const PLACE_FIELDS = Object.keys(placeFields) as (keyof typeof placeFields)[];

function checkCoordinates(
  value: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.latitude === undefined && value.longitude === undefined) return;
  if (((value.latitude ?? null) === null) !== ((value.longitude ?? null) === null)) {
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: placeMessages.coordinatesPair });
  }
}

export const PlaceInput = z
  .strictObject({
    ...placeFields,
    alt_names: placeFields.alt_names.default([]),
    parent_id: placeFields.parent_id.default(null),
    latitude: placeFields.latitude.default(null),
    longitude: placeFields.longitude.default(null),
  })
  .superRefine(checkCoordinates);
export type PlaceInput = z.infer<typeof PlaceInput>;

/**
 * PATCH: any field; coordinates change together. Both are given or neither: `{latitude: null}`
 * alone would leave the stored longitude without its latitude.
 */
export const PlacePatchInput = z
  .strictObject(placeFields)
  .partial()
  .superRefine((value, ctx) => {
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: placeMessages.coordinatesPair });
      return;
    }
    checkCoordinates(value, ctx);
  });
export type PlacePatchInput = z.infer<typeof PlacePatchInput>;

export const PlaceRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type PlaceRef = z.infer<typeof PlaceRefSchema>;

export const PlaceSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alt_names: z.array(z.string()),
  parent_id: z.number().int().nullable(),
  /** The name with its parents: "Ат-Башы, Нарын, Кыргызстан". */
  full_name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PlaceSummary = z.infer<typeof PlaceSummarySchema>;

export const PlaceSchema = PlaceSummarySchema.extend({
  /** The parents from the nearest up to the country. */
  parents: z.array(PlaceRefSchema),
  /** Events at this place the reader may see. */
  event_count: z.number().int(),
  /** Sources told at this place (informants). */
  source_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PlacesListQuery = PageQuerySchema.extend({
  /** Name or alternative name; typo-tolerant on the folded name. */
  q: z.string().trim().max(RECORD_LIMITS.placeNameMaxLength).optional(),
  parent: RowIdParam.optional(),
});
export type PlacesListQuery = z.infer<typeof PlacesListQuery>;

export const PlacesPageSchema = paginatedSchema(PlaceSummarySchema);

/** `DELETE /places/{id}/?replace_with=`: merge into another place instead of refusing. */
export const PlaceDeleteQuery = z.object({
  replace_with: RowIdParam.optional(),
});
export type PlaceDeleteQuery = z.infer<typeof PlaceDeleteQuery>;
