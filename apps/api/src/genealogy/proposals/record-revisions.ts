import type { ListRecordRevisionsQuery, RecordRevision, RecordType } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import {
  commonAnswer,
  getProposal,
  listProposals,
  type ProposalRow,
  type ProposalView,
} from './proposal-reads';
import { RECORD_KINDS } from './record-kinds';

/**
 * The record family's answers (`RecordRevision`, at `/api/record-revisions/`): places,
 * sources and shared notes, each named by its record's label now.
 */

/** The record's label now, by kind: each record kind names its table and label expression. */
function labelColumn(): SQL {
  const cases = Object.values(RECORD_KINDS).map(
    (kind) =>
      sql`when r.kind = ${kind.type} then (select ${sql.raw(kind.labelSql)} from ${sql.raw(kind.table)} x where x.id = r.record_id)`,
  );
  return sql`case ${sql.join(cases, sql` `)} end`;
}

interface RecordRevisionRow extends ProposalRow {
  label: string | null;
}

function toRecordRevision(row: RecordRevisionRow): RecordRevision {
  return {
    id: row.id,
    record_type: row.kind as RecordType,
    record_id: row.record_id,
    record:
      row.record_id !== null && row.label !== null ? { id: row.record_id, label: row.label } : null,
    ...commonAnswer(row),
  };
}

const recordView: ProposalView<RecordRevisionRow, RecordRevision> = {
  family: 'record',
  columns: sql`, ${labelColumn()} as label`,
  joins: sql``,
  answer: async (_db, rows) => rows.map(toRecordRevision),
};

/**
 * One revision of a place, source or note: moderators read any, a member their own. An id
 * from before the one table finds its revision too (`findProposal`).
 */
export function getRecordRevision(db: Db, id: number, user: CurrentUser): Promise<RecordRevision> {
  return getProposal(db, recordView, id, user);
}

/** Revisions of places, sources and notes, newest first: moderators see everyone's, a member their own. */
export function listRecordRevisions(
  db: Db,
  query: ListRecordRevisionsQuery,
  user: CurrentUser,
): Promise<{ count: number; results: RecordRevision[] }> {
  const filter = {
    status: query.status,
    kind: query.record_type,
    recordId: query.record_id,
    ownOnly: query.mine,
  };
  return listProposals(db, recordView, filter, query, user);
}
