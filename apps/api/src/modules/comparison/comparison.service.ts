import {
  jetiAta,
  kinshipSentence,
  kinshipTerm,
  swapKinshipSides,
  type ChainPerson,
  type Comparison,
  type KinshipInput,
  type Relation as PathRelation,
  type RelationLink,
  type Sex,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { intArray, lineageNameColumns } from '../../genealogy/person-rows';
import { isRestricted, projectKin, type Viewer } from '../../genealogy/privacy';
import { relationAlong } from '../../genealogy/relations';
import { personsTable } from '../../genealogy/person-table';
/**
 * "How are A and B related" (docs/genealogy.md, Comparison and relations). The lowest common
 * ancestor is the longest common prefix of the two lines (materialized path + the person), so no
 * recursive query is needed.
 * Besides the father line, each side may also go up through their mother once (A's mother,
 * then her father's line): that is what the daughter's-line terms of docs/kyrgyz.md (жээн,
 * тай ата, таяке, бөлө) need. The closest of these relations is named.
 */

interface Row {
  id: number;
  name: string;
  sex: Sex;
  mother_id: number | null;
  path: number[];
  depth: number;
  birth_year: number | null;
  death_year: number | null;
  death_date: string | null;
  is_living: boolean;
  presumed_living: boolean;
  is_private: boolean;
  birth_order: number | null;
  father_name: string | null;
  grandfather_name: string | null;
}

const COLUMNS = sql.raw(`id, name, sex, mother_id, path, depth, birth_year, death_year,
  death_date, is_living, presumed_living, is_private, birth_order`);

async function loadRows(db: Db, ids: readonly number[]): Promise<Map<number, Row>> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS}, ${lineageNameColumns('persons')} from ${personsTable}
      where id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** A line from a root down to the person: root … person. */
type Line = { ids: number[]; viaMother: boolean };

/** The father line, and the mother's father line when the viewer may see that link. */
function linesOf(person: Row, mothers: Map<number, Row>, viewer: Viewer): Line[] {
  const lines: Line[] = [{ ids: [...person.path, person.id], viaMother: false }];
  const mother = person.mother_id === null ? undefined : mothers.get(person.mother_id);
  if (mother && !isRestricted(person, viewer) && !isRestricted(mother, viewer)) {
    lines.push({ ids: [...mother.path, mother.id, person.id], viaMother: true });
  }
  return lines;
}

function commonPrefix(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

interface Relation {
  lineA: Line;
  lineB: Line;
  /** Length of the common prefix: the ancestor is at index `shared - 1`. */
  shared: number;
  a: number;
  b: number;
}

function relate(lineA: Line, lineB: Line): Relation | null {
  const shared = commonPrefix(lineA.ids, lineB.ids);
  if (shared === 0) return null;
  return { lineA, lineB, shared, a: lineA.ids.length - shared, b: lineB.ids.length - shared };
}

/** Closest first; on a tie the father line wins. */
function closer(x: Relation, y: Relation): number {
  const mothers = (r: Relation) => Number(r.lineA.viaMother) + Number(r.lineB.viaMother);
  return (
    Math.max(x.a, x.b) - Math.max(y.a, y.b) || x.a + x.b - (y.a + y.b) || mothers(x) - mothers(y)
  );
}

/** Whether `x` was born before `y`: birth order among siblings first, then birth years. */
function bornBefore(x: Row | undefined, y: Row | undefined, siblings: boolean): boolean | null {
  if (!x || !y) return null;
  if (
    siblings &&
    x.birth_order !== null &&
    y.birth_order !== null &&
    x.birth_order !== y.birth_order
  ) {
    return x.birth_order < y.birth_order;
  }
  if (x.birth_year !== null && y.birth_year !== null && x.birth_year !== y.birth_year) {
    return x.birth_year < y.birth_year;
  }
  return null;
}

export async function comparePersons(
  db: Db,
  aId: number,
  bId: number,
  viewer: Viewer,
): Promise<Comparison> {
  const people = await loadRows(db, [aId, bId]);
  const personA = people.get(aId);
  const personB = people.get(bId);
  if (!personA || !personB) throw notFound();
  const motherIds = [personA.mother_id, personB.mother_id].filter(
    (id): id is number => id !== null,
  );
  const mothers = motherIds.length > 0 ? await loadRows(db, motherIds) : new Map<number, Row>();

  // Guests do not learn a living person's sex or age through the kinship term either.
  const visible = (row: Row): Row => projectKin(row, viewer);

  const relations: Relation[] = [];
  for (const lineA of linesOf(personA, mothers, viewer)) {
    for (const lineB of linesOf(personB, mothers, viewer)) {
      const relation = relate(lineA, lineB);
      if (relation) relations.push(relation);
    }
  }
  relations.sort(closer);
  const best = relations[0];
  const base = {
    a: { id: personA.id, name: personA.name },
    b: { id: personB.id, name: personB.name },
    relations: [] as PathRelation[],
  };
  if (!best) {
    return {
      ...base,
      common_ancestor: null,
      generations_a: null,
      generations_b: null,
      chain_a: [],
      chain_b: [],
      term: null,
      term_reverse: null,
      sentence: null,
      sentence_reverse: null,
      via_mother: false,
      jeti_ata: false,
    };
  }

  // Up the chains: the person first, the common ancestor last.
  const upA = best.lineA.ids.slice(best.shared - 1).reverse();
  const upB = best.lineB.ids.slice(best.shared - 1).reverse();
  const chainRows = await loadRows(db, [...new Set([...upA, ...upB])]);
  const rowOf = (id: number): Row => {
    const row = chainRows.get(id);
    if (!row) throw notFound();
    return visible(row);
  };
  const toChain = (id: number): ChainPerson => {
    const row = rowOf(id);
    return {
      id: row.id,
      name: row.name,
      sex: row.sex,
      father_name: row.father_name,
      grandfather_name: row.grandfather_name,
      birth_year: row.birth_year,
      death_year: row.death_year,
      generation: row.depth + 1,
    };
  };
  const a = visible(personA);
  const b = visible(personB);
  const input: KinshipInput = {
    a: best.a,
    b: best.b,
    sexA: a.sex,
    sexB: b.sex,
    chainA: upA.slice(1).map((id) => ({ sex: rowOf(id).sex })),
    chainB: upB.slice(1).map((id) => ({ sex: rowOf(id).sex })),
    olderB: bornBefore(b, a, false),
    // The ancestor's children on either side (A and B themselves for siblings).
    olderBranchB:
      best.a >= 1 && best.b >= 1
        ? bornBefore(rowOf(upB[upB.length - 2] ?? b.id), rowOf(upA[upA.length - 2] ?? a.id), true)
        : null,
  };
  const forward = kinshipTerm(input);
  const reverse = kinshipTerm(swapKinshipSides(input));

  // Жети ата is about the father line, whichever relation was named.
  const fatherLine = relations.find((r) => !r.lineA.viaMother && !r.lineB.viaMother);
  const jeti =
    forward.jetiAta || (fatherLine !== undefined && jetiAta(fatherLine.a, fatherLine.b, true));
  const ancestor = rowOf(upA[upA.length - 1] ?? a.id);
  return {
    ...base,
    // The closest blood relation in the shape of `GET /relations/`, which lists the others.
    relations: [pathRelation([...upA, ...upB.slice(0, -1).reverse()], rowOf, upA.length - 1)],
    common_ancestor: { id: ancestor.id, name: ancestor.name },
    generations_a: best.a,
    generations_b: best.b,
    chain_a: upA.map(toChain),
    chain_b: upB.map(toChain),
    term: forward.term,
    term_reverse: reverse.term,
    sentence: kinshipSentence(personA.name, personB.name, forward.term),
    sentence_reverse: kinshipSentence(personB.name, personA.name, reverse.term),
    via_mother: best.lineA.viaMother || best.lineB.viaMother,
    jeti_ata: jeti,
  };
}

/** The link to a parent and to a child, by the sex the viewer may see. */
const LINKS: Record<Sex, readonly [up: RelationLink, down: RelationLink]> = {
  M: ['father', 'son'],
  F: ['mother', 'daughter'],
  U: ['parent', 'child'],
};

/**
 * The relation along `ids` (A, up `up` steps to the common ancestor, then down to B) as the
 * relations search describes one.
 */
function pathRelation(ids: number[], rowOf: (id: number) => Row, up: number): PathRelation {
  return relationAlong(
    ids.map((id, i) => {
      const row = rowOf(id);
      return { row, link: i === 0 ? null : LINKS[row.sex][i <= up ? 0 : 1] };
    }),
  );
}
