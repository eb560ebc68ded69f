import { z } from 'zod';
import { PageQuerySchema, paginatedSchema } from './common';
import { PersonLinkSchema } from './persons';
import { RECORD_LIMITS } from './records';

/**
 * Shared notes: one text referenced from several records. A guest reads a note only
 * when it is not private and reaches no living person through its links (a person, their
 * event, a union with them); members read every note.
 */

export const noteMessages = {
  linked: (count: number) =>
    `Бул эскертме ${count} жазууга байланган: алгач байланыштарды өчүрүңүз.`,
} as const;

const noteFields = {
  text: z.string().trim().min(1).max(RECORD_LIMITS.noteMaxLength),
  is_private: z.boolean(),
};

/** The note fields a revision records, with the API's names. */
export const NOTE_FIELDS = Object.keys(noteFields) as (keyof typeof noteFields)[];

export const NoteInput = z.strictObject({
  ...noteFields,
  is_private: noteFields.is_private.default(false),
});
export type NoteInput = z.infer<typeof NoteInput>;

export const NotePatchInput = z.strictObject(noteFields).partial();
export type NotePatchInput = z.infer<typeof NotePatchInput>;

export const NoteSummarySchema = z.object({
  id: z.number().int(),
  /** The first 200 characters in a list; the whole text in `GET /notes/{id}/`. */
  text: z.string(),
  is_private: z.boolean(),
  link_count: z.number().int(),
});
export type NoteSummary = z.infer<typeof NoteSummarySchema>;

export const NoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  is_private: z.boolean(),
  /** Persons the note is linked to, directly or through their events and unions. */
  linked_persons: z.array(PersonLinkSchema),
  linked_sources: z.array(z.object({ id: z.number().int(), title: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

export const NotesListQuery = PageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export type NotesListQuery = z.infer<typeof NotesListQuery>;

export const NotesPageSchema = paginatedSchema(NoteSummarySchema);
