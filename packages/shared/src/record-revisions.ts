import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';
import { QueryFlagSchema } from './content';
import { KeptFieldSchema, RevisionActionSchema, RevisionStatusSchema } from './revisions';

/**
 * Revisions of the shared records (places, sources, shared notes), moderated like the persons'
 * (docs/genealogy.md, Revisions and proposals): a moderator's change is applied at once, a member's
 * waits as a pending proposal; a moderator accepts or rejects it and may revert an applied
 * revision.
 */
export const RECORD_TYPES = ['place', 'source', 'note', 'transcript'] as const;
export const RecordTypeSchema = z.enum(RECORD_TYPES);
export type RecordType = z.infer<typeof RecordTypeSchema>;

export const recordRevisionMessages = {
  changedSince:
    'Жазуу бул өзгөртүүдөн кийин кайра өзгөртүлгөн: баракты жаңылап, кайра карап чыгыңыз.',
  recordGone: 'Бул өзгөртүүнүн жазуусу азыр жок.',
} as const;

export const RecordIdSchema = RowIdSchema;
/** `{id}` of a `/places/{id}/`, `/sources/{id}/`, `/notes/{id}/` or revision path. */
export const RecordIdParams = z.object({ id: RowIdParam });

const UserRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const RecordRevisionSchema = z.object({
  id: z.number().int(),
  record_type: RecordTypeSchema,
  /** Null for a create proposal that has not been accepted. */
  record_id: z.number().int().nullable(),
  /** The record as it is now: a place's name, a source's title, a note's first words. */
  record: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  action: RevisionActionSchema,
  status: RevisionStatusSchema,
  /** The changed fields before the change (API field names); null for a create. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The changed fields after the change; for a delete, what the delete moved (a merge). */
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Fields of an accepted proposal kept as they were: the author sees which. */
  kept: z.array(KeptFieldSchema),
  author: UserRefSchema.nullable(),
  reviewer: UserRefSchema.nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  revert_of: z.number().int().nullable(),
  reverted_by: z.number().int().nullable(),
});
export type RecordRevision = z.infer<typeof RecordRevisionSchema>;

export const ListRecordRevisionsQuery = PageQuerySchema.extend({
  status: RevisionStatusSchema.optional(),
  record_type: RecordTypeSchema.optional(),
  record_id: RowIdParam.optional(),
  /** `mine=1`: only the caller's own proposals (a moderator's contributions page). */
  mine: QueryFlagSchema.optional(),
});
export type ListRecordRevisionsQuery = z.infer<typeof ListRecordRevisionsQuery>;

export const RecordRevisionListSchema = paginatedSchema(RecordRevisionSchema);
export type RecordRevisionList = z.infer<typeof RecordRevisionListSchema>;

/** Optional text: trimmed, empty → null. */
export const optionalRecordText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));
