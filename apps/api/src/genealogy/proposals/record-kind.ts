import type { RecordType } from '@bagysh/shared';
import type { Db } from '../../db/client';

/** A record's fields as the API names them: what revisions store as `before`/`after`. */
export type RecordFields = Record<string, unknown>;

/**
 * What the revisions of one kind of shared record (place, source, note) need from its module.
 * Every method runs inside the revision's transaction; the `validate*` ones check without
 * writing, so that a member's proposal is refused for the reasons its acceptance would be.
 */
export interface RecordKind {
  type: RecordType;
  /** A short text naming the record: a place's name, a source's title. */
  labelSql: string;
  table: string;
  validateCreate(tx: Db, fields: RecordFields): Promise<void>;
  /** Inserts the record (with `id` when restoring a deleted one); returns its id. */
  create(tx: Db, fields: RecordFields, userId: number, id?: number): Promise<number>;
  /** The record's fields, the row locked for the transaction; null when there is none. */
  snapshot(tx: Db, id: number): Promise<RecordFields | null>;
  validateUpdate(tx: Db, id: number, changes: RecordFields): Promise<void>;
  update(tx: Db, id: number, changes: RecordFields): Promise<void>;
  /** Refuses (409) a delete while the record is used; `options` as the delete request gave. */
  validateDelete(tx: Db, id: number, options: RecordFields): Promise<void>;
  /** Deletes; returns what the delete moved elsewhere (a merge), for a revert to move back. */
  delete(tx: Db, id: number, options: RecordFields): Promise<RecordFields | null>;
  /** Undoes what `delete` moved, after the record was re-created. */
  undoMoves?(tx: Db, id: number, moved: RecordFields): Promise<void>;
}
