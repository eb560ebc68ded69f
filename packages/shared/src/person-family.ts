import { z } from 'zod';
import { PersonEventSchema } from './person-records';
import { SexSchema } from './sex';
import { PARENT_RELATIONS } from './records';

/**
 * `GET /persons/{id}/family/`: the person's near family for the person page —
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
  /** The father's and grandfather's names (person-label.ts): the father line, never hidden. */
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/**
 * A child of the person: a birth child (`birth`), or one who holds a further parent family
 * naming the person (adopted, fostered, a stepchild…).
 */
export const FamilyChildSchema = FamilyMemberSchema.extend({ relation: z.enum(PARENT_RELATIONS) });
export type FamilyChild = z.infer<typeof FamilyChildSchema>;

/** Parents of one family: the birth family first, then adoptive, foster, step… */
export const FamilyParentsSchema = z.object({
  relation: z.enum(PARENT_RELATIONS),
  father: FamilyMemberSchema.nullable(),
  mother: FamilyMemberSchema.nullable(),
});
export type FamilyParents = z.infer<typeof FamilyParentsSchema>;

/**
 * The person's children with one other parent (birth children first in sibling order, then
 * adopted, fostered…). `spouse` null: children whose other parent is unknown or hidden.
 * `union_id` and `events` when the two are recorded as spouses.
 */
export const FamilyUnionSchema = z.object({
  union_id: z.number().int().nullable(),
  spouse: FamilyMemberSchema.nullable(),
  /** The union's order among the person's unions (first marriage 1), if known. */
  position: z.number().int().nullable(),
  /** Marriage, divorce… in date order. */
  events: z.array(PersonEventSchema),
  children: z.array(FamilyChildSchema),
});
export type FamilyUnion = z.infer<typeof FamilyUnionSchema>;

/**
 * How a sibling is related: both parents shared (`full`), the father only with a different
 * mother known (`paternal`: атасы бир, энеси бөлөк), the mother only (`maternal`: энеси бир,
 * атасы бөлөк), or one parent shared and the other unknown to the viewer (`unknown`).
 */
export const SIBLING_KINDS = ['full', 'paternal', 'maternal', 'unknown'] as const;
export type SiblingKind = (typeof SIBLING_KINDS)[number];

/**
 * A sibling: of the birth family (`relation` 'birth', with its `kind`), or one through a
 * further parent family (`relation` that family's, `kind` 'unknown'): a child of the person's
 * adoptive or foster parents, or one whom the person's birth parents adopted or fostered.
 */
export const FamilySiblingSchema = FamilyMemberSchema.extend({
  kind: z.enum(SIBLING_KINDS),
  relation: z.enum(PARENT_RELATIONS),
});
export type FamilySibling = z.infer<typeof FamilySiblingSchema>;

export const PersonFamilySchema = z.object({
  parents: z.array(FamilyParentsSchema),
  /** Spouses in order (the union's position, then id), then children of no listed spouse. */
  unions: z.array(FamilyUnionSchema),
  /** The birth family's in birth order as the viewer knows it, then those of further families. */
  siblings: z.array(FamilySiblingSchema),
});
export type PersonFamily = z.infer<typeof PersonFamilySchema>;
