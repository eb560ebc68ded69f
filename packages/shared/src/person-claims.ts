import { z } from 'zod';
import { PageQuerySchema, RowIdParam, paginatedSchema } from './common';
import { PersonIdSchema, PersonSummarySchema } from './persons';
import { RelationSchema } from './relations';

/**
 * "Бул мен" (docs/features.md, This is me): a member asks to be linked to their own person of the
 * tree, with a note of evidence; a moderator approves or rejects. An approved request is the link:
 * one person to at most one account, one account to at most one person.
 */

export const PERSON_CLAIM_LIMITS = {
  noteMaxLength: 1000,
  commentMaxLength: 1000,
} as const;

/**
 * `pending` waits for a moderator; `approved` is the link while it stands; `rejected` (with the
 * moderator's comment), `withdrawn` (by its author) and `unlinked` (an approved link ended by
 * its member or a moderator) are history.
 */
export const PERSON_CLAIM_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'unlinked',
] as const;
export const PersonClaimStatusSchema = z.enum(PERSON_CLAIM_STATUSES);
export type PersonClaimStatus = z.infer<typeof PersonClaimStatusSchema>;

/** `POST /person-claims/`: the member's request. */
export const PersonClaimInput = z.strictObject({
  person_id: PersonIdSchema,
  note: z.string().trim().min(1).max(PERSON_CLAIM_LIMITS.noteMaxLength),
});
export type PersonClaimInput = z.infer<typeof PersonClaimInput>;

/** `POST /person-claims/{id}/reject/`: an optional word to the member. */
export const PersonClaimRejectInput = z.strictObject({
  comment: z.string().trim().max(PERSON_CLAIM_LIMITS.commentMaxLength).optional(),
});
export type PersonClaimRejectInput = z.infer<typeof PersonClaimRejectInput>;

/** `{id}` of a `/person-claims/{id}/…` path. */
export const PersonClaimIdParams = z.object({
  id: RowIdParam,
});

export const PersonClaimUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
});

export const PersonClaimSchema = z.object({
  id: z.number().int(),
  status: PersonClaimStatusSchema,
  /** The member's evidence. */
  note: z.string(),
  /** The moderator's comment on a rejection; null otherwise. */
  comment: z.string().nullable(),
  /** The person, as the reader may see them. */
  person: PersonSummarySchema,
  user: PersonClaimUserSchema,
  reviewed_by: PersonClaimUserSchema.nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type PersonClaim = z.infer<typeof PersonClaimSchema>;

/** `GET /person-claims/mine/`: the member's link, their waiting request, their last answer. */
export const MyPersonClaimsSchema = z.object({
  linked: PersonClaimSchema.nullable(),
  pending: PersonClaimSchema.nullable(),
  /** The latest request that was rejected (with its comment), when it is the latest at all. */
  rejected: PersonClaimSchema.nullable(),
});
export type MyPersonClaims = z.infer<typeof MyPersonClaimsSchema>;

/** `GET /person-claims/?status=pending` (moderators): oldest first. */
export const PersonClaimListQuery = PageQuerySchema.extend({
  status: PersonClaimStatusSchema.default('pending'),
});
export type PersonClaimListQuery = z.infer<typeof PersonClaimListQuery>;
export const PersonClaimListSchema = paginatedSchema(PersonClaimSchema);
export type PersonClaimList = z.infer<typeof PersonClaimListSchema>;

/**
 * `GET /persons/{id}/relation-to-me/` (members): how the person is related to the member's own
 * person. `me` is null while the account is not linked; `relation` and `text` are null when the
 * two are not related within the relations search's bounds.
 */
export const RelationToMeSchema = z.object({
  person_id: z.number().int(),
  me: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The person is the member's own. */
  self: z.boolean(),
  /** The closest relation, A being the member's person and B this one. */
  relation: RelationSchema.nullable(),
  /** The relation said to the member: "Сиздин атаңыздын агасы (аба)". */
  text: z.string().nullable(),
});
export type RelationToMe = z.infer<typeof RelationToMeSchema>;

/** Kyrgyz texts the API answers and the web shows. */
export const personClaimMessages = {
  accountLinked: 'Сиздин аккаунтуңуз мурдатан эле санжырадагы инсанга байланган.',
  pendingExists:
    'Сиздин бир өтүнүчүңүз каралууда. Жаңысын жөнөтүү үчүн адегенде аны кайтарып алыңыз.',
  personLinked: 'Бул инсан башка колдонуучунун аккаунтуна байланган.',
  userLinked: 'Бул колдонуучунун аккаунту башка инсанга байланган.',
  notPending: 'Бул өтүнүч мурдатан эле каралган же кайтарылып алынган.',
  notLinked: 'Бул байланыш азыр күчүндө эмес.',
  ownRequest: 'Өз өтүнүчүңүздү башка модератор же администратор карашы керек.',
  bothLinked: 'Экөө тең ар башка аккаунттарга байланган: адегенде бир байланышты ажыратыңыз.',
  self: 'Бул — сиз.',
} as const;
