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

/** What the search of everything looks through, in the order the page shows them. */
export const SEARCH_KINDS = ['person', 'note', 'source', 'transcript', 'article', 'news'] as const;
export const SearchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof SearchKindSchema>;

/** Hits per page of one kind. */
export const SEARCH_PAGE_SIZE = 10;

/**
 * `GET /search/everything/?q=&kind=&page=`: words in notes, sources, transcripts, articles and news besides
 * persons' names (docs/features.md, Search). Every word must be found, folded as names are,
 * with one typo in a word of four letters or more, or as the beginning of a longer word
 * (Kyrgyz adds its endings: "Өмүрбектин"). Without `kind`, the first page of every kind;
 * with it, page `page` of that kind only.
 */
export const SearchEverythingQuery = z.object({
  q: z.string().trim().max(300).default(''),
  kind: SearchKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type SearchEverythingQuery = z.infer<typeof SearchEverythingQuery>;

/**
 * A piece of a snippet: `match` marks a found word. Plain text, never HTML: the web renders
 * each piece as text.
 */
export const SnippetSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetSegment = z.infer<typeof SnippetSegmentSchema>;

/**
 * The page a hit opens: a person's page, an article, a news item, or a recording at the second
 * its transcript's segment starts (notes and sources have none).
 */
export const SearchLinkSchema = z.object({
  route: z.enum(['person', 'personArticle', 'newsItem', 'recording']),
  id: z.number().int(),
  /** Seconds into the recording. */
  at: z.number().optional(),
});
export type SearchLink = z.infer<typeof SearchLinkSchema>;

export const SearchHitSchema = z.object({
  kind: SearchKindSchema,
  id: z.number().int(),
  title: z.string(),
  snippet: z.array(SnippetSegmentSchema),
  /** Null when the hit has no page the viewer may open (a note linked to no person). */
  link: SearchLinkSchema.nullable(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchGroupSchema = z.object({
  kind: SearchKindSchema,
  /** Hits of this kind; when `capped`, at least this many (only the best are read). */
  count: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  /** Pages of SEARCH_PAGE_SIZE hits. */
  pages: z.number().int(),
  results: z.array(SearchHitSchema),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

/** One group per kind (only the asked one with `kind`), in SEARCH_KINDS order. */
export const SearchEverythingResponseSchema = z.object({ groups: z.array(SearchGroupSchema) });
export type SearchEverythingResponse = z.infer<typeof SearchEverythingResponseSchema>;
