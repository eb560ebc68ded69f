import { z } from 'zod';
import { RowIdParam } from './common';
import { SexSchema } from './sex';

/**
 * The link from the previous person on a relation's path to this one, seen from the previous
 * person: `path[i].link` is what `path[i]` is to `path[i - 1]`. 'child', 'parent' and 'spouse'
 * stand for a person of unrecorded sex.
 */
export const RELATION_LINKS = [
  'father',
  'mother',
  'son',
  'daughter',
  'husband',
  'wife',
  'child',
  'parent',
  'spouse',
] as const;
export const RelationLinkSchema = z.enum(RELATION_LINKS);
export type RelationLink = z.infer<typeof RelationLinkSchema>;

/** One person on a relation's path, A first, B last. */
export const RelationStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: SexSchema,
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
  /** The father line's names that tell namesakes apart (person-label.ts). */
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
  /** What this person is to the previous one on the path; null for A. */
  link: RelationLinkSchema.nullable(),
});
export type RelationStep = z.infer<typeof RelationStepSchema>;

/** One way B is related to A: a path of parent, child and spouse links, named in Kyrgyz. */
export const RelationSchema = z.object({
  /** 'blood' when the path has no spouse link. */
  kind: z.enum(['blood', 'marriage']),
  /** Spouse links on the path (0 for blood). */
  marriages: z.number().int().min(0),
  /** Generations from A up to the top of the path. */
  generations_up: z.number().int().min(0),
  /** Generations from the top of the path down to B. */
  generations_down: z.number().int().min(0),
  /** A … B. */
  path: z.array(RelationStepSchema),
  /** What B is to A ("таякесинин уулу", "кайни (кайын ини)"). */
  term: z.string(),
  /** What A is to B. */
  term_reverse: z.string(),
  /** The path told link by link ("энесинин атасынын иниси"). */
  descriptive: z.string(),
  /** A phrase to read aloud: "Бакыт — Айбектин кайниси." */
  sentence: z.string(),
  /** The term is a ⚠ row of docs/kyrgyz.md: show the descriptive phrase beside it. */
  unverified: z.boolean(),
  /** Within жети ата: only for blood relations on the male line, else null. */
  jeti_ata: z.boolean().nullable(),
});
export type Relation = z.infer<typeof RelationSchema>;

/** The most relations one request may ask for. */
export const MAX_RELATIONS = 50;

/** `GET /relations/?a=&b=&max=`. */
export const RelationsQuery = z.object({
  a: RowIdParam,
  b: RowIdParam,
  max: z.coerce.number().int().min(1).max(MAX_RELATIONS).default(10),
});
export type RelationsQuery = z.infer<typeof RelationsQuery>;

export const RelationsResponseSchema = z.object({
  a: z.number().int(),
  b: z.number().int(),
  /** Ranked: blood before marriage, shorter first. A = B gives one relation, "өзү". */
  relations: z.array(RelationSchema),
  /** More relations exist than were returned (or the search stopped at its bounds). */
  truncated: z.boolean(),
});
export type RelationsResponse = z.infer<typeof RelationsResponseSchema>;
