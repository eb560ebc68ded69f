import type { GedcomExtraNode } from '../../../db/schema';
import type { GedcomNode } from '../read/node';
import {
  noteText,
  type MapContext,
  type Owner,
  type Positions,
  type StagedRecords,
} from './mapping';
import { isPointer, pointer } from './pointers';
import { citation } from './sources';
import { dangling } from './mapping';

/** Notes: NOTE/SNOTE records, the links to them, and a family's inline notes. */

/** A family's inline note with text: it becomes a shared note of the union (`familyNote`). */
export function isFamilyNote(node: GedcomNode): boolean {
  return node.tag === 'NOTE' && !isPointer(node) && node.value.trim() !== '';
}

/**
 * A family's inline NOTE (5.5.1 and 7.0, CONT/CONC already joined) → a shared note of its own
 * linked to the union (or the one spouse), so that the marriage dialog and the person page show
 * and edit it; the export writes it back as a NOTE/SNOTE record and pointer, which a re-import
 * reads as that one note. A note holds no citations: its SOUR become the owner's, said in the
 * report; its other lines (7.0 MIME, LANG, TRAN) are the note's `extra`, written under its
 * record.
 */
export function familyNote(
  node: GedcomNode,
  owner: { union_id: number } | { person_id: number },
  links: Positions,
  citations: Positions,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  const id = ctx.newNoteId();
  const extra: GedcomExtraNode[] = [];
  for (const c of node.children) {
    if (c.tag === 'SOUR') {
      citation(c, owner, owner, citations, recordKey, ctx, out);
      ctx.report.warn(c.line, recordKey, 'noteCitationMoved', 'union_id' in owner);
    } else extra.push(ctx.keep(c));
  }
  out.notes.push({
    id,
    text: noteText(node, recordKey, ctx),
    is_private: false,
    extra: extra.length > 0 ? extra : null,
  });
  out.noteLinks.push({ ...owner, note_id: id, position: links.take() });
}

/** A NOTE/SNOTE pointer → a note link; false when the node is an inline note. */
export function noteLink(
  node: GedcomNode,
  owner: Owner,
  positions: Positions,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): boolean {
  if (node.tag !== 'SNOTE' && !(node.tag === 'NOTE' && isPointer(node))) return false;
  const xref = pointer(node.value);
  if (xref === null) return true;
  const id = ctx.noteId(xref);
  if (id === null) dangling(node, xref, recordKey, ctx);
  else out.noteLinks.push({ ...owner, note_id: id, position: positions.take() });
  return true;
}

/** A NOTE (5.5.1) or SNOTE (7.0) record → a shared note; RESN PRIVACY/CONFIDENTIAL makes it private. */
export function mapNote(
  record: GedcomNode,
  id: number,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  let isPrivate = false;
  const extra: GedcomExtraNode[] = [];
  for (const node of record.children) {
    if (node.tag === 'RESN' && /PRIVACY|CONFIDENTIAL/i.test(node.value)) isPrivate = true;
    else extra.push(ctx.keep(node));
  }
  out.notes.push({
    id,
    text: noteText(record, recordKey, ctx),
    is_private: isPrivate,
    extra: extra.length > 0 ? extra : null,
  });
}
