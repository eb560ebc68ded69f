import { sql, type SQL } from 'drizzle-orm';
import type { AnyProposalKind, ProposalFamily } from './proposal-kind';
import { mergeKind } from './merge-kind';
import { personKind } from './person-kind';
import { RECORD_PROPOSAL_KINDS } from './record-kinds';

/** Every kind of proposal, by the name `proposals.kind` stores. A new kind is added here. */
const KINDS: ReadonlyMap<string, AnyProposalKind> = new Map(
  [personKind, mergeKind, ...Object.values(RECORD_PROPOSAL_KINDS)].map((kind) => [kind.name, kind]),
);

/** The kind a stored row names. */
export function kindNamed(name: string): AnyProposalKind {
  const kind = KINDS.get(name);
  if (!kind) throw new Error(`no proposal kind "${name}"`);
  return kind;
}

/** The names of the kinds that answer at one family's URLs. */
export function kindNames(family: ProposalFamily): string[] {
  return [...KINDS.values()].filter((kind) => kind.family === family).map((kind) => kind.name);
}

/**
 * The persons a proposal row `r` touches, whatever its kind: an integer array, null for a kind
 * that touches none (`ProposalKind.touchedPersons`).
 */
export function touchedPersons(): SQL {
  const cases = [...KINDS.values()].flatMap((kind) =>
    kind.touchedPersons ? [sql`when ${kind.name} then ${kind.touchedPersons}`] : [],
  );
  return sql`(case r.kind ${sql.join(cases, sql` `)} end)`;
}
