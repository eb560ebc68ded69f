import { z } from 'zod';
import { PersonEventSchema } from './person-records';
import { SexSchema } from './sex';
import { PARENT_RELATIONS } from './records';

/**
 * `GET /persons/{id}/family/` (issue 16): the person's near family for the person page —
 * parents (birth, adoptive, foster…), spouses in order with their union's events and
 * children, and siblings. Living persons follow the person page's rule (privacy.ts): a guest
 * sees of a living person the father line only.
 */

/** A relative as the family section shows them. */
export const FamilyMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'U' for a restricted relative. */
  sex: SexSchema,
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
  living: z.boolean(),
  /** The viewer sees this relative's name only (a living person, to a guest). */
  restricted: z.boolean(),
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/** Parents of one family: the birth family first, then adoptive, foster, step… */
export const FamilyParentsSchema = z.object({
  relation: z.enum(PARENT_RELATIONS),
  father: FamilyMemberSchema.nullable(),
  mother: FamilyMemberSchema.nullable(),
});
export type FamilyParents = z.infer<typeof FamilyParentsSchema>;

/**
 * The person's children with one other parent. `spouse` null: children whose other parent is
 * unknown or hidden. `union_id` and `events` when the two are recorded as spouses.
 */
export const FamilyUnionSchema = z.object({
  union_id: z.number().int().nullable(),
  spouse: FamilyMemberSchema.nullable(),
  /** The union's order among the person's unions (first marriage 1), if known. */
  position: z.number().int().nullable(),
  /** Marriage, divorce… in date order. */
  events: z.array(PersonEventSchema),
  children: z.array(FamilyMemberSchema),
});
export type FamilyUnion = z.infer<typeof FamilyUnionSchema>;

/**
 * How a sibling is related: both parents shared (`full`), the father only with a different
 * mother known (`paternal`: атасы бир, энеси бөлөк), the mother only (`maternal`: энеси бир,
 * атасы бөлөк), or one parent shared and the other unknown to the viewer (`unknown`).
 */
export const SIBLING_KINDS = ['full', 'paternal', 'maternal', 'unknown'] as const;
export type SiblingKind = (typeof SIBLING_KINDS)[number];

export const FamilySiblingSchema = FamilyMemberSchema.extend({ kind: z.enum(SIBLING_KINDS) });
export type FamilySibling = z.infer<typeof FamilySiblingSchema>;

export const PersonFamilySchema = z.object({
  parents: z.array(FamilyParentsSchema),
  /** Spouses in order (the union's position, then id), then children of no listed spouse. */
  unions: z.array(FamilyUnionSchema),
  /** In birth order as the viewer knows it. */
  siblings: z.array(FamilySiblingSchema),
});
export type PersonFamily = z.infer<typeof PersonFamilySchema>;
