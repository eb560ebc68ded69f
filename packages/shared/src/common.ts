import { z } from 'zod';

/** Largest page a list endpoint serves (DESIGN.md §3). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `?page=1&page_size=20` of every paginated list. */
export const PageQuerySchema = z.object({
  // Bounded so that no page number turns into an offset PostgreSQL refuses.
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** `{count, next, previous, results}` around a list of `item`. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** `{"detail": "…"}` — the error body of 401, 403, 404, 409, 413, 415, 429 and 500. */
export const DetailErrorSchema = z.object({ detail: z.string() });

/** `{"field": ["message"], "non_field_errors": […]}` — the body of a 400. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * Every body a 400 can have: field messages, or a `detail` when the request could not be
 * read at all (broken JSON, a broken multipart body, an interrupted upload).
 */
export const BadRequestErrorSchema = z.union([FieldErrorsSchema, DetailErrorSchema]);

export const DatabaseKindSchema = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof DatabaseKindSchema>;

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: DatabaseKindSchema,
});
export type Health = z.infer<typeof HealthSchema>;
