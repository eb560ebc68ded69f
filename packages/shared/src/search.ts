import { z } from 'zod';
import { SexSchema } from './sex';

/**
 * `GET /search/?q=`: the name search of the tree (docs/genealogy.md, Search). The query is folded
 * like names are (case, ң/н, ө/о, ү/у, Latin), tolerates one typo per name and reads as
 * "name father grandfather".
 */
export const SearchQuery = z.object({
  q: z.string().trim().max(300).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'U' for a living person a guest may not see in full. */
  sex: SexSchema,
  /** `lineage[0]` and `lineage[1]`, for the person's label (`personLabel`). */
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
  /**
   * Names of the father, the grandfather, … up to seven generations ("Асан ← Үсөн ← …");
   * `generation` tells how far the line goes on.
   */
  lineage: z.array(z.string()),
  generation: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Best match first. */
export const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
