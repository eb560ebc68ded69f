import { z } from 'zod';
import { RowIdParam } from './common';
import { PersonLinkSchema, SexSchema } from './persons';
import { RelationSchema } from './relations';

/** `GET /comparison/?a=&b=`: how person B is related to person A (docs/kyrgyz.md, Kinship). */
export const ComparisonQuery = z.object({
  a: RowIdParam,
  b: RowIdParam,
});
export type ComparisonQuery = z.infer<typeof ComparisonQuery>;

export const ChainPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: SexSchema,
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
  generation: z.number().int(),
});
export type ChainPerson = z.infer<typeof ChainPersonSchema>;

export const ComparisonSchema = z.object({
  a: PersonLinkSchema,
  b: PersonLinkSchema,
  /** The lowest common ancestor; null when the two share none (not an error). */
  common_ancestor: PersonLinkSchema.nullable(),
  /** Generations from A (B) up to the common ancestor; null without one. */
  generations_a: z.number().int().nullable(),
  generations_b: z.number().int().nullable(),
  /** A, A's parent, …, the common ancestor (empty without one). */
  chain_a: z.array(ChainPersonSchema),
  chain_b: z.array(ChainPersonSchema),
  /** "B is A's …" (docs/kyrgyz.md, Kinship); null without a common ancestor. */
  term: z.string().nullable(),
  /** "A is B's …". */
  term_reverse: z.string().nullable(),
  /** The same as full sentences: "Бакыт — Асандын агасы". */
  sentence: z.string().nullable(),
  sentence_reverse: z.string().nullable(),
  /**
   * Whether the chains pass through a mother (the term then follows the daughter's line:
   * жээн, тай ата, бөлө …).
   */
  via_mother: z.boolean(),
  /** A common male-line ancestor within seven generations: the traditional bar to marriage. */
  jeti_ata: z.boolean(),
  /** The first few relations by any path (blood and marriage), ranked as `GET /relations/`. */
  relations: z.array(RelationSchema),
});
export type Comparison = z.infer<typeof ComparisonSchema>;
