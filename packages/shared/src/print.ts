import { z } from 'zod';

/**
 * The printed санжыра (docs/features.md, Printing): a wall poster of a person's descendants and
 * a book of them, both PDFs served at `/api/persons/{id}/poster.pdf` and `/book.pdf`.
 */

/** The script a document is printed in: Kyrgyz Cyrillic or Old Turkic runes. */
export const PRINT_SCRIPTS = ['ky', 'old_ky'] as const;
export type PrintScript = (typeof PRINT_SCRIPTS)[number];

/**
 * Paper of the poster: one large sheet (A0, A1, A2, or `custom` width × height in mm), or the
 * chart tiled onto A4 or A3 sheets with overlap and assembly marks.
 */
export const POSTER_PAPERS = ['A0', 'A1', 'A2', 'custom', 'A3-tiles', 'A4-tiles'] as const;
export type PosterPaper = (typeof POSTER_PAPERS)[number];

export const POSTER_LIMITS = {
  defaultGenerations: 7,
  maxGenerations: 12,
  /** Persons one poster holds at most; a larger branch is cut at a generation, as the PDF says. */
  maxPersons: 5000,
  /** A custom sheet's sides, in mm (a PDF page is at most 5080 mm). */
  minSideMm: 100,
  maxSideMm: 5000,
} as const;

export const BOOK_LIMITS = {
  defaultGenerations: 7,
  maxGenerations: 12,
  /** Persons one book holds at most; a larger branch is cut at a generation, as the book says. */
  maxPersons: 3000,
} as const;

const side = z.coerce.number().int().min(POSTER_LIMITS.minSideMm).max(POSTER_LIMITS.maxSideMm);

/** `?generations=&paper=&width_mm=&height_mm=&script=` of the poster. */
export const PosterQuery = z
  .object({
    generations: z.coerce
      .number()
      .int()
      .min(1)
      .max(POSTER_LIMITS.maxGenerations)
      .default(POSTER_LIMITS.defaultGenerations),
    paper: z.enum(POSTER_PAPERS).default('A1'),
    width_mm: side.optional(),
    height_mm: side.optional(),
    script: z.enum(PRINT_SCRIPTS).default('ky'),
  })
  .refine((query) => query.paper !== 'custom' || (query.width_mm && query.height_mm), {
    message: 'Өз өлчөмү үчүн туурасы менен бийиктигин мм менен жазыңыз.',
    path: ['width_mm'],
  });
export type PosterQuery = z.infer<typeof PosterQuery>;

/** `?generations=&script=` of the book. */
export const BookQuery = z.object({
  generations: z.coerce
    .number()
    .int()
    .min(1)
    .max(BOOK_LIMITS.maxGenerations)
    .default(BOOK_LIMITS.defaultGenerations),
  script: z.enum(PRINT_SCRIPTS).default('ky'),
});
export type BookQuery = z.infer<typeof BookQuery>;
