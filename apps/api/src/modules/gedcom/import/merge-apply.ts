import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import type { GedcomJobMerge } from '../../../db/schema';
import { applyMerge, revertMerge } from '../../../genealogy/person-merge';
import { personsTable } from '../../../genealogy/person-table';
import { intArray } from '../../../genealogy/person-rows';
import { movePathsOfSubtree } from '../../../genealogy/person-writes';
import { conflict } from '../../../lib/http-errors';
import { GedcomError, type ImportReport } from '../read/report';
import { mergeImportMessages } from '../merge-messages';

/**
 * The merge of a merging import (docs/genealogy.md, Importing into the existing tree), in the
 * import's own transaction under the tree lock, after its rows are in the tree: each accepted
 * match merges the imported person into the tree person with the person merge
 * (genealogy/person-merge.ts), fathers before sons, the tree person the survivor. Before each
 * merge the tree wins: the file's events of a type the tree person already has, and its names
 * the tree person already has, are dropped (a different value is a report warning); what is
 * left (other events, other spellings as alternative names, citations, notes, children, unions)
 * joins the tree person. Every merged person cites a source named after the file. The revert
 * (`revertImportMerge`) undoes the merges, last first, and removes what the import added.
 */

interface PersonFacts {
  id: number;
  name: string;
  version: number;
  father_id: number | null;
  depth: number;
  path: number[];
  descendant_count: number;
  sex: string;
  birth_year: number | null;
  death_year: number | null;
  birth_place: string | null;
  death_place: string | null;
}

const FIELDS = [
  ['sex', 'жынысы'],
  ['birth_year', 'туулган жылы'],
  ['death_year', 'каза болгон жылы'],
  ['birth_place', 'туулган жери'],
  ['death_place', 'каза болгон жери'],
] as const;

async function factsOf(tx: Db, ids: readonly number[]): Promise<Map<number, PersonFacts>> {
  const rows = await queryRows<PersonFacts>(
    tx,
    sql`select id, name, version, father_id, depth, path, descendant_count, sex, birth_year,
          death_year, birth_place, death_place
        from ${personsTable} where id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const blank = (value: unknown) => value === null || value === '' || value === 'U';

/** What the file says that the tree already says otherwise goes, with a warning. */
async function treeWins(tx: Db, a: PersonFacts, b: PersonFacts, report: ImportReport) {
  for (const [field, label] of FIELDS) {
    const kept = a[field];
    const other = b[field];
    if (!blank(kept) && !blank(other) && kept !== other) {
      report.warn(null, null, 'mergeKept', a.name, label, String(kept), String(other));
    }
  }
  // Events of a type the tree person has: theirs stay, the file's go.
  await tx.execute(
    sql`delete from events e where e.person_id = ${b.id}
          and e.type in ('birth', 'death', 'burial', 'christening')
          and exists (select 1 from events t where t.person_id = ${a.id} and t.type = e.type)`,
  );
  // Names the tree person already has (the same spelling).
  await tx.execute(
    sql`delete from person_names n where n.person_id = ${b.id}
          and (n.full_name = ${a.name} or exists (select 1 from person_names t
            where t.person_id = ${a.id} and t.full_name = n.full_name))`,
  );
}

/** Creates the source named after the file. */
async function fileSource(tx: Db, fileName: string | null, actorId: number | null) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sources (kind, title, note, created_by_id)
        values ('other', ${`GEDCOM: ${fileName ?? 'файл'}`},
          ${'Бар санжырага дал келтирип импорттолгон файл.'}, ${actorId})
        returning id`,
  );
  if (!row) throw new Error('source not created');
  return row.id;
}

export interface MergeRun {
  merge: GedcomJobMerge;
  fileName: string | null;
  actorId: number | null;
  /** The imported person's id of a file xref. */
  idOfXref: (xref: string) => number | undefined;
  ids: NonNullable<GedcomJobMerge['ids']>;
  report: ImportReport;
}

/** Merges the accepted matches and places the file's root; answers what the revert needs. */
export async function applyImportMerge(tx: Db, run: MergeRun): Promise<GedcomJobMerge> {
  const { merge, report } = run;
  const pairs: [number, number][] = [];
  for (const choice of merge.matches) {
    const imported = run.idOfXref(choice.xref);
    if (imported === undefined)
      throw new GedcomError(mergeImportMessages.matchUnknown(choice.xref));
    pairs.push([choice.person_id, imported]);
  }
  const facts = await factsOf(tx, pairs.flat());
  for (const [treeId] of pairs) {
    const tree = facts.get(treeId);
    if (!tree) throw new GedcomError(mergeImportMessages.matchPersonGone(treeId));
    const seen = merge.versions[String(treeId)];
    if (seen !== undefined && seen !== tree.version) {
      throw new GedcomError(mergeImportMessages.matchStale);
    }
  }
  // Fathers before sons: a son's father is then already the tree's.
  pairs.sort((x, y) => (facts.get(x[1])?.depth ?? 0) - (facts.get(y[1])?.depth ?? 0));
  const sourceId = await fileSource(tx, run.fileName, run.actorId);
  const merges: [number, number][] = [];
  for (const [treeId, importedId] of pairs) {
    const now = await factsOf(tx, [treeId, importedId]);
    const a = now.get(treeId);
    const b = now.get(importedId);
    if (!a || !b) throw new GedcomError(mergeImportMessages.matchPersonGone(treeId));
    await treeWins(tx, a, b, report);
    const fathers = a.father_id !== null && b.father_id !== null && a.father_id !== b.father_id;
    await applyMerge(
      tx,
      {
        a: a.id,
        b: b.id,
        versions: { a: a.version, b: b.version },
        choices: fathers ? { father_id: 'a' } : {},
      },
      run.actorId,
    ).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw new GedcomError(`${a.name} (№${a.id}): ${message}`);
    });
    await tx.execute(
      sql`insert into citations (source_id, person_id, position)
          select ${sourceId}, ${a.id}, coalesce(max(position), -1) + 1
          from citations where person_id = ${a.id}`,
    );
    merges.push([a.id, b.id]);
  }
  const attached = await attachRoot(tx, run, new Set(merges.map(([, b]) => b)));
  const survivors = await factsOf(
    tx,
    merges.map(([a]) => a),
  );
  return {
    ...merge,
    merges,
    ids: run.ids,
    source_id: sourceId,
    attached,
    after_versions: Object.fromEntries(
      [...survivors.values()].map((row) => [String(row.id), row.version]),
    ),
    reverted_at: null,
  };
}

/** The file's root placed under `attach_to` (its new father), with its whole line. */
async function attachRoot(tx: Db, run: MergeRun, merged: Set<number>): Promise<number | null> {
  const fatherId = run.merge.attach_to;
  if (fatherId === null) return null;
  const rootXref = run.merge.root_xref;
  const rootId = rootXref === null ? undefined : run.idOfXref(rootXref);
  if (rootId === undefined) throw new GedcomError(mergeImportMessages.attachNoRoot);
  if (merged.has(rootId)) throw new GedcomError(mergeImportMessages.attachMatched);
  const rows = await factsOf(tx, [fatherId, rootId]);
  const father = rows.get(fatherId);
  const root = rows.get(rootId);
  if (!father) throw new GedcomError(mergeImportMessages.attachNotFound);
  if (!root) throw new GedcomError(mergeImportMessages.attachNoRoot);
  const newPath = [...father.path, father.id];
  await movePathsOfSubtree(tx, root.id, root.path, newPath);
  await tx.execute(
    sql`update ${personsTable} set father_id = ${father.id},
          father_name_key = (select name_key from ${personsTable} where id = ${father.id}),
          path = ${intArray(newPath)}, depth = ${newPath.length}
        where id = ${root.id}`,
  );
  return root.id;
}

const inRange = (column: string, [first, count]: [number, number]) =>
  sql`${sql.raw(column)} between ${first} and ${first + count - 1}`;

/**
 * Undoes a merging import (the tree lock held): the root's placement, the merges (last
 * first, each with the person merge's own revert), then the import's persons, unions, sources
 * and notes and the file's source. 409 when a merged person changed since, or a person of
 * the tree now hangs under an imported one.
 */
export async function revertImportMerge(
  tx: Db,
  merge: GedcomJobMerge,
): Promise<{ persons_removed: number; merges_undone: number }> {
  const { ids } = merge;
  if (!ids) throw conflict(mergeImportMessages.revertNotDone);
  const survivors = await factsOf(
    tx,
    merge.merges.map(([a]) => a),
  );
  for (const [a] of merge.merges) {
    if (survivors.get(a)?.version !== merge.after_versions[String(a)]) {
      throw conflict(mergeImportMessages.revertChanged);
    }
  }
  const [outside] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${personsTable} p
        where not (${inRange('p.id', ids.persons)})
          and (${inRange('p.father_id', ids.persons)} or ${inRange('p.mother_id', ids.persons)})
          and not (p.id = any(${intArray(merge.merges.map(([a]) => a))}))`,
  );
  if ((outside?.n ?? 0) > 0) throw conflict(mergeImportMessages.revertChanged);

  if (merge.attached !== null) {
    const [root] = (await factsOf(tx, [merge.attached])).values();
    if (root) {
      await movePathsOfSubtree(tx, root.id, root.path, []);
      await tx.execute(
        sql`update ${personsTable} set father_id = null, father_name_key = null, path = '{}',
              depth = 0
            where id = ${root.id}`,
      );
    }
  }
  for (const [a, b] of [...merge.merges].reverse()) await revertMerge(tx, a, b);

  // The imported persons now stand apart from the tree: their lines go whole.
  const removed = await queryRows<{ id: number }>(
    tx,
    sql`delete from ${personsTable} p where ${inRange('p.id', ids.persons)} returning p.id`,
  );
  await tx.execute(sql`delete from unions u where ${inRange('u.id', ids.unions)}`);
  if (ids.sources[1] > 0) {
    await tx.execute(sql`delete from sources s where ${inRange('s.id', ids.sources)}`);
  }
  if (ids.notes[1] > 0) {
    await tx.execute(sql`delete from notes n where ${inRange('n.id', ids.notes)}`);
  }
  if (merge.source_id !== null) {
    await tx.execute(sql`delete from sources where id = ${merge.source_id}`);
  }
  return { persons_removed: removed.length, merges_undone: merge.merges.length };
}
