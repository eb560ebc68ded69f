import { z } from 'zod';
import { PageQuerySchema, RowIdParam, paginatedSchema } from './common';
import { QueryFlagSchema } from './content';
import { PersonLabelRefSchema } from './persons';

/**
 * Every change to the tree is a revision (docs/genealogy.md, Revisions and proposals): a member's
 * change waits as a `pending` proposal, a moderator's is `applied` at once; a moderator accepts or
 * rejects a proposal and may revert an applied revision (which is itself a new applied revision).
 */
export const REVISION_ACTIONS = ['create', 'update', 'delete'] as const;
export const RevisionActionSchema = z.enum(REVISION_ACTIONS);
export type RevisionAction = z.infer<typeof RevisionActionSchema>;

export const REVISION_STATUSES = ['applied', 'pending', 'rejected'] as const;
export const RevisionStatusSchema = z.enum(REVISION_STATUSES);
export type RevisionStatus = z.infer<typeof RevisionStatusSchema>;

export const revisionMessages = {
  notPending: 'Бул сунуш мурунтан эле каралган.',
  notApplied: 'Колдонулган өзгөртүүнү гана кайтарууга болот.',
  alreadyReverted: 'Бул өзгөртүү мурунтан эле кайтарылган.',
  changedSince:
    'Адам бул өзгөртүүдөн кийин кайра өзгөртүлгөн: алгач кийинки өзгөртүүлөрдү кайтарыңыз.',
  personGone: 'Бул өзгөртүүнүн адамы азыр жок.',
  fieldsChanged:
    'Сунуш берилгенден кийин анын айрым талаалары өзгөртүлгөн: ар бири үчүн сунушталган же азыркы маанини тандаңыз.',
} as const;

/**
 * One field of a pending proposal that was changed since the proposal was made, as the accept
 * answers it with 409: what the proposal saw (`before`), what it proposes, what is there now.
 */
export const ProposalConflictSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  proposed: z.unknown(),
  current: z.unknown(),
});
export type ProposalConflict = z.infer<typeof ProposalConflictSchema>;

/** The accept's 409 when fields changed since: the message and each conflicting field. */
export const ProposalConflictsErrorSchema = z.object({
  detail: z.string(),
  conflicts: z.array(ProposalConflictSchema),
});
export type ProposalConflictsError = z.infer<typeof ProposalConflictsErrorSchema>;

/** A moderator's choice for a conflicting field: the proposal's value or the one there now. */
export const PROPOSAL_CHOICES = ['proposed', 'current'] as const;
export const ProposalChoiceSchema = z.enum(PROPOSAL_CHOICES);
export type ProposalChoice = z.infer<typeof ProposalChoiceSchema>;

/** A field of an accepted proposal the moderator kept as it was (it had changed since). */
export const KeptFieldSchema = z.object({
  field: z.string(),
  proposed: z.unknown(),
  current: z.unknown(),
});
export type KeptField = z.infer<typeof KeptFieldSchema>;

const UserRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const RevisionSchema = z.object({
  id: z.number().int(),
  /** Null for a create proposal that has not been accepted. */
  person_id: z.number().int().nullable(),
  /** The person as they are now (null when deleted or not yet created). */
  person: PersonLabelRefSchema.nullable(),
  action: RevisionActionSchema,
  status: RevisionStatusSchema,
  /** The changed fields before the change (API field names); null for a create. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The changed fields after the change; null for a delete. */
  after: z.record(z.string(), z.unknown()).nullable(),
  base_version: z.number().int().nullable(),
  /** Fields of an accepted proposal kept as they were: the author sees which. */
  kept: z.array(KeptFieldSchema),
  author: UserRefSchema.nullable(),
  reviewer: UserRefSchema.nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** This revision undoes revision `revert_of`. */
  revert_of: z.number().int().nullable(),
  /** This revision was undone by revision `reverted_by`. */
  reverted_by: z.number().int().nullable(),
  /**
   * The persons that `before` and `after` point to (`revisionPersonIds`) and that still exist,
   * so that a diff shows "Айбек Чоткара уулу (Мырзабек)" rather than an id.
   */
  linked_persons: z.array(PersonLabelRefSchema),
  /** The places its events name by id (`revisionPlaceIds`), with the places they lie in. */
  linked_places: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
  /** The sources its citations name (`revisionSourceIds`), by title. */
  linked_sources: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /**
   * The shared notes it links (`revisionNoteIds`) that the reader may see, each by its first
   * line, shortened to `REVISION_NOTE_EXCERPT` characters.
   */
  linked_notes: z.array(z.object({ id: z.number().int(), excerpt: z.string() })),
  /** The files of its media (`revisionFileIds`) that the reader may see, by file name. */
  linked_files: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Revision = z.infer<typeof RevisionSchema>;

/** The fields of a revision whose values are person ids (one, or a list). */
export const REVISION_PERSON_FIELDS: ReadonlySet<string> = new Set([
  'father_id',
  'mother_id',
  'spouse_ids',
]);

/** Person ids inside a revision's record lists: `parent_families[].father_id`… */
export const REVISION_NESTED_PERSON_FIELDS: Readonly<Record<string, readonly string[]>> = {
  parent_families: ['father_id', 'mother_id'],
  unions: ['spouse_id'],
};

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/** The person ids of a value of a `REVISION_PERSON_FIELDS` field (a number, a list, or nothing). */
export function personIdsOf(value: unknown): number[] {
  return (Array.isArray(value) ? (value as unknown[]) : [value]).filter(isId);
}

/**
 * Every person id that a revision's `before` or `after` fields point to: the person fields,
 * and the persons named inside its record lists (a further family's parents, a union's spouse).
 */
export function revisionPersonIds(fields: Record<string, unknown> | null): number[] {
  if (!fields) return [];
  const ids: number[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (REVISION_PERSON_FIELDS.has(field)) ids.push(...personIdsOf(value));
    const nested = REVISION_NESTED_PERSON_FIELDS[field];
    if (nested && Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (typeof item !== 'object' || item === null) continue;
        for (const key of nested) ids.push(...personIdsOf((item as Record<string, unknown>)[key]));
      }
    }
  }
  return ids;
}

export const RevisionIdParams = z.object({ id: RowIdParam });

export const ListRevisionsQuery = PageQuerySchema.extend({
  status: RevisionStatusSchema.optional(),
  /** `mine=1`: only the caller's own proposals (a moderator's contributions page). */
  mine: QueryFlagSchema.optional(),
  /** `reviewable=1`: only those the caller may review (staff: all; a branch steward: theirs). */
  reviewable: QueryFlagSchema.optional(),
  person: RowIdParam.optional(),
});
export type ListRevisionsQuery = z.infer<typeof ListRevisionsQuery>;

export const PersonRevisionsQuery = ListRevisionsQuery.omit({ person: true });
export type PersonRevisionsQuery = z.infer<typeof PersonRevisionsQuery>;

export const RevisionListSchema = paginatedSchema(RevisionSchema);
export type RevisionList = z.infer<typeof RevisionListSchema>;

export const ReviewInput = z.strictObject({
  comment: z.string().trim().max(2000).optional(),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/**
 * An accept: a comment, and for the fields the last attempt answered as conflicting, which
 * value stays (`proposed` or `current`), by field name.
 */
export const AcceptInput = ReviewInput.extend({
  resolutions: z.record(z.string().max(100), ProposalChoiceSchema).optional(),
});
export type AcceptInput = z.infer<typeof AcceptInput>;

/** A reject needs a reason for the author. */
export const RejectInput = z.strictObject({
  comment: z.string().trim().min(1).max(2000),
});
export type RejectInput = z.infer<typeof RejectInput>;

const recordsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? (value as unknown[]).filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      )
    : [];

/** Every place id that the events of a revision's fields name (the person's and its unions'). */
export function revisionPlaceIds(fields: Record<string, unknown> | null): number[] {
  if (!fields) return [];
  const events = [
    ...recordsOf(fields['events']),
    ...recordsOf(fields['unions']).flatMap((union) => recordsOf(union['events'])),
  ];
  return events.map((event) => event['place_id']).filter(isId);
}

/** Characters of a note's first line that a revision names it by. */
export const REVISION_NOTE_EXCERPT = 80;

/**
 * The ids under `key` of every `list` array inside `value`, at any depth: the citations of the
 * person, of its names, events and unions, and of the unions' events. `key` null: the list
 * holds the ids themselves (`note_ids`).
 */
function nestedIds(value: unknown, list: string, key: string | null, out: number[]): number[] {
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) nestedIds(item, list, key, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [field, inner] of Object.entries(value as Record<string, unknown>)) {
      if (field === list && Array.isArray(inner)) {
        for (const item of inner as unknown[]) {
          const id = key === null ? item : recordsOf([item])[0]?.[key];
          if (isId(id)) out.push(id);
        }
      }
      nestedIds(inner, list, key, out);
    }
  }
  return out;
}

/** Every source id that the citations in a revision's fields name, at any depth. */
export function revisionSourceIds(fields: Record<string, unknown> | null): number[] {
  return nestedIds(fields, 'citations', 'source_id', []);
}

/** Every shared note id that a revision's fields link (`note_ids`). */
export function revisionNoteIds(fields: Record<string, unknown> | null): number[] {
  return nestedIds(fields, 'note_ids', null, []);
}

/** Every file id of the media in a revision's fields (the person's and its events'). */
export function revisionFileIds(fields: Record<string, unknown> | null): number[] {
  return nestedIds(fields, 'media', 'file_id', []);
}
