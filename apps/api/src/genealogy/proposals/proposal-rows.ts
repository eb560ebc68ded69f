import { hasRole } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { kindNamed, kindNames } from './kinds';
import type { AnyProposalKind, ProposalFamily } from './proposal-kind';

/** A moderator's (or an admin's) change applies at once; they read every proposal. */
export const mayEditDirectly = (user: CurrentUser) => hasRole(user.role, 'moderator');

/** `r.kind` is one of the family's kinds. */
export function familyCondition(family: ProposalFamily): SQL {
  const names = kindNames(family).map((name) => sql`${name}`);
  return sql`r.kind in (${sql.join(names, sql`, `)})`;
}

/**
 * The row a family's URL names, and its kind: a row of that family's kinds with this id, or
 * else the place, source or note revision that had this id before the one table (`legacy_id`;
 * new ids start above every old one, so the two never meet). 404 otherwise.
 */
export async function findProposal(
  db: Db,
  family: ProposalFamily,
  id: number,
): Promise<{ id: number; kind: AnyProposalKind }> {
  const [row] = await queryRows<{ id: number; kind: string }>(
    db,
    sql`select r.id, r.kind from proposals r
        where (r.id = ${id} or r.legacy_id = ${id}) and ${familyCondition(family)}
        order by r.id = ${id} desc limit 1`,
  );
  if (!row) throw notFound();
  return { id: row.id, kind: kindNamed(row.kind) };
}
