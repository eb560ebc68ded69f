import { z } from 'zod';

/** Largest page a list endpoint serves (docs/genealogy.md, API conventions). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** Largest row id: ids are PostgreSQL `integer`s, and a larger one must be a 400, not a 500. */
export const MAX_ID = 2_147_483_647;
/** A row id in a JSON body. */
export const RowIdSchema = z.number().int().min(1).max(MAX_ID);
/** A row id in a path or query string (text turned into a number). */
export const RowIdParam = z.coerce.number().int().min(1).max(MAX_ID);

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

export const HealthStatusSchema = z.enum(['ok', 'error']);

/**
 * `GET /api/health/`: 200 when every part is `ok`, 503 with the same body otherwise. `problem`
 * is a short code (`timeout`, `migrations`, an errno such as `ENOTDIR`), never a path or a
 * message; the server logs the details.
 */
export const HealthSchema = z.object({
  status: HealthStatusSchema,
  database: z.object({
    status: HealthStatusSchema,
    kind: DatabaseKindSchema,
    /** Round trip of a trivial query, in milliseconds; null when it failed. */
    latency_ms: z.number().nullable(),
    /** Migrations recorded in the database, and how many this server knows. */
    migrations_applied: z.number().int().nullable(),
    migrations_expected: z.number().int(),
    problem: z.string().nullable(),
  }),
  storage: z.object({
    status: HealthStatusSchema,
    /** A probe file could be written to and removed from the uploads folder. */
    writable: z.boolean(),
    /** Bytes free for this process on the uploads folder's file system. */
    free_bytes: z.number().int().nullable(),
    problem: z.string().nullable(),
  }),
  /**
   * The outgoing mail queue: how mails leave (`smtp`, or `outbox` files), how many wait for a
   * first try or a retry, and how many were given up after every retry (null when the
   * database did not answer). Informative: a mail problem does not make the site unhealthy.
   */
  mail: z.object({
    transport: z.enum(['smtp', 'outbox']),
    waiting: z.number().int().nullable(),
    failed: z.number().int().nullable(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
