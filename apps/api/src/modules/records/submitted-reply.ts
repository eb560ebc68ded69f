import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import type { Submitted } from '../../genealogy/proposals/proposals';
import { getRecordRevision } from '../../genealogy/proposals/record-revisions';

/**
 * The answer to a write of a place, source or note: a member's proposal is 202 with the pending
 * revision; a moderator's applied change is `code` with the record (`load`), or 204 without.
 */
export async function sendSubmitted(
  reply: FastifyReply,
  db: Db,
  user: CurrentUser,
  result: Submitted,
  code: 200 | 201 | 204,
  load?: (id: number) => Promise<unknown>,
) {
  if (result.status === 'pending') {
    return reply.code(202).send(await getRecordRevision(db, result.revisionId, user));
  }
  if (code === 204 || !load || result.id === null) return reply.code(204).send(null);
  return reply.code(code).send(await load(result.id));
}
