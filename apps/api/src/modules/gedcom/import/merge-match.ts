import { rm } from 'node:fs/promises';
import { foldName, GEDCOM_MATCH_AUTO, type GedcomMatch, type Sex } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import type { GedcomPreviewMatches } from '../../../db/schema';
import { loadDuplicateSubjects } from '../../../genealogy/duplicates/candidates';
import {
  DUPLICATE_THRESHOLD,
  scoreDuplicate,
  type DuplicateSubject,
} from '../../../genealogy/duplicates/score';
import { personsTable } from '../../../genealogy/person-table';
import { intArray, textArray } from '../../../genealogy/person-rows';
import type { ArchiveLimits } from '../../../files/zip-archive';
import { child, type GedcomNode } from '../read/node';
import { readGedcomRecordBatches } from '../read/records';
import { ImportReport } from '../read/report';
import { prepare } from './import';
import { countDescendants, resolveLineage } from './lineage';
import { personName } from './persons';
import { readStructure } from './read-structure';
import { recordKey } from './structure';

/**
 * The matching of a merging import (docs/genealogy.md, Importing into the existing tree): every
 * person of a file against the tree with the duplicate finder's scorer (`scoreDuplicate`), the
 * file's person on one side, the tree's (`loadDuplicateSubjects`) on the other.
 *
 * Candidates are blocked as the finder blocks them: tree persons whose folded name starts with
 * the same word, and whose father's name (when both have one) starts with the same word as the
 * file's father's. The file is walked from its top down, so that a father is matched before his
 * sons: a son whose father was matched to tree person F is scored with F as his father (the
 * finder's "same father" evidence) and F's children are his candidates too, while a tree person
 * under another father than F is never his match. Each tree person is matched at most once.
 * Memory holds the file's names and a few numbers per person (a preview-sized file).
 */

/** Candidates read per person of the file (the best by name and father). */
const CANDIDATES_PER_PERSON = 40;

/** A person of the file as the scorer sees them, with the file's structure. */
interface FilePerson {
  index: number;
  xref: string;
  subject: DuplicateSubject;
  father: number;
  depth: number;
}

const YEAR = /(\d{3,4})(?!.*\d{3,4})/;

function yearOf(record: GedcomNode, tag: string): number | null {
  const value = child(child(record, tag) ?? record, 'DATE')?.value;
  if (!child(record, tag) || !value) return null;
  const match = YEAR.exec(value);
  return match ? Number(match[1]) : null;
}

function sexOf(record: GedcomNode): Sex | null {
  const value = child(record, 'SEX')?.value.trim().toUpperCase();
  return value === 'M' || value === 'F' ? value : null;
}

/** The file's persons (defined individuals), with fathers, grandfathers, spouses and children. */
async function readFilePersons(
  path: string,
  limits: ArchiveLimits,
): Promise<{ persons: FilePerson[]; rootXref: string | null }> {
  const report = new ImportReport();
  const gedzipTarget = `${path}.match.ged`;
  try {
    const prepared = await prepare(path, gedzipTarget, report, limits);
    prepared.archive?.close();
    const { source, choice } = prepared;
    const { structure: s } = await readStructure(source, choice, report, false);
    const { father, mother, depth } = resolveLineage(s);
    const names = new Map<number, string>();
    const facts = new Map<number, Pick<DuplicateSubject, 'birthYear' | 'deathYear' | 'sex'>>();
    for await (const records of readGedcomRecordBatches(source, choice)) {
      for (const record of records) {
        if (record.tag !== 'INDI') continue;
        const index = s.indiIndex.get(recordKey(record));
        if (index === undefined) continue;
        names.set(index, personName(record));
        facts.set(index, {
          birthYear: yearOf(record, 'BIRT'),
          deathYear: yearOf(record, 'DEAT'),
          sex: sexOf(record),
        });
      }
    }
    const nameOf = (i: number) => (i === -1 ? null : (names.get(i) ?? null));
    const children = new Map<number, { name: string }[]>();
    const spouses = new Map<number, { name: string }[]>();
    for (const [i, name] of names) {
      for (const parent of [father[i] ?? -1, mother[i] ?? -1]) {
        if (parent !== -1) children.set(parent, [...(children.get(parent) ?? []), { name }]);
      }
    }
    for (let fam = 0; fam < s.famDefined.length; fam++) {
      const h = s.famHusband.get(fam);
      const w = s.famWife.get(fam);
      const hn = nameOf(h);
      const wn = nameOf(w);
      if (hn === null || wn === null) continue;
      spouses.set(h, [...(spouses.get(h) ?? []), { name: wn }]);
      spouses.set(w, [...(spouses.get(w) ?? []), { name: hn }]);
    }
    const persons: FilePerson[] = [];
    for (const [i, name] of names) {
      const f = father[i] ?? -1;
      persons.push({
        index: i,
        xref: s.indiIndex.xrefOf(i),
        father: f,
        depth: depth[i] ?? 0,
        subject: {
          name,
          fatherName: nameOf(f),
          grandfatherName: f === -1 ? null : nameOf(father[f] ?? -1),
          ...facts.get(i),
          spouses: spouses.get(i) ?? [],
          children: children.get(i) ?? [],
        },
      });
    }
    // The file's root: the top of its largest line through fathers.
    const descendants = countDescendants(father, depth);
    let root = -1;
    for (const person of persons) {
      if (person.father !== -1) continue;
      if (root === -1 || (descendants[person.index] ?? 0) > (descendants[root] ?? 0)) {
        root = person.index;
      }
    }
    persons.sort((a, b) => a.depth - b.depth || a.index - b.index);
    return { persons, rootXref: root === -1 ? null : s.indiIndex.xrefOf(root) };
  } finally {
    await rm(gedzipTarget, { force: true });
  }
}

const firstWord = (name: string | null | undefined) =>
  name ? (foldName(name).split(' ')[0] ?? '') : '';

/**
 * Tree persons blocked with each file person (by index in `persons`): those whose name begins
 * with the same word, and whose father's does too, or who have no father, or (when the file
 * names no father) any. Each part is one range of persons_first_words_index, so that a common
 * name costs a few index entries, not a scan of its namesakes.
 */
async function blockedCandidates(db: Db, persons: readonly FilePerson[]): Promise<number[][]> {
  const nameWords = persons.map((p) => firstWord(p.subject.name));
  const fatherWords = persons.map((p) => firstWord(p.subject.fatherName));
  const nameWord = sql`split_part(p.name_key, ' ', 1)`;
  const fatherWord = sql`split_part(p.father_name_key, ' ', 1)`;
  const limit = CANDIDATES_PER_PERSON;
  const rows = await queryRows<{ n: number; id: number }>(
    db,
    sql`select f.n::int as n, c.id from unnest(${textArray(nameWords)}, ${textArray(fatherWords)})
          with ordinality f(name_word, father_word, n)
        cross join lateral (
          select id from (
            (select p.id, 0 as rank from ${personsTable} p
              where f.father_word <> '' and ${nameWord} = f.name_word
                and ${fatherWord} = f.father_word
              order by p.id limit ${limit})
            union all
            (select p.id, 1 as rank from ${personsTable} p
              where f.father_word <> '' and ${nameWord} = f.name_word and ${fatherWord} is null
              order by p.id limit ${limit})
            union all
            (select p.id, 1 as rank from ${personsTable} p
              where f.father_word = '' and ${nameWord} = f.name_word
              order by p.id limit ${limit})
          ) found
          where f.name_word <> ''
          order by rank, id limit ${limit}) c`,
  );
  const out = persons.map((): number[] => []);
  for (const row of rows) out[row.n - 1]?.push(row.id);
  return out;
}

/** Tree persons' versions, to tell later whether the tree changed since the matching. */
export async function personVersions(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; version: number }>(
    db,
    sql`select id, version from ${personsTable} where id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row.version]));
}

/**
 * Matches the file at `path` against the tree: every person of the file, top down, with the
 * proposed tree person (null when none reaches `DUPLICATE_THRESHOLD`), the score and reasons.
 */
export async function matchFile(
  db: Db,
  path: string,
  limits: ArchiveLimits,
): Promise<GedcomPreviewMatches> {
  const { persons, rootXref } = await readFilePersons(path, limits);
  const blocked = await blockedCandidates(db, persons);
  const subjects = await loadDuplicateSubjects(db, [...new Set(blocked.flat())]);
  const matchedTo = new Map<number, number>();
  const taken = new Set<number>();
  const results: GedcomMatch[] = [];
  for (const [k, person] of persons.entries()) {
    const fatherMatch = person.father === -1 ? undefined : matchedTo.get(person.father);
    const ids = new Set(blocked[k] ?? []);
    if (fatherMatch !== undefined) {
      // The matched father's children are candidates whatever their spelling.
      const missing = (subjects.get(fatherMatch)?.children ?? [])
        .map((c) => c.id)
        .filter((id): id is number => typeof id === 'number' && !subjects.has(id));
      for (const [id, subject] of await loadDuplicateSubjects(db, missing)) {
        subjects.set(id, subject);
      }
      for (const c of subjects.get(fatherMatch)?.children ?? []) {
        if (typeof c.id === 'number') ids.add(c.id);
      }
    }
    const incoming: DuplicateSubject = { ...person.subject, fatherId: fatherMatch ?? null };
    let best: { id: number; score: number; reasons: GedcomMatch['reasons'] } | null = null;
    for (const id of ids) {
      const tree = subjects.get(id);
      if (!tree || taken.has(id)) continue;
      // A son is never matched under another father than his father's match.
      if (fatherMatch !== undefined && tree.fatherId !== null && tree.fatherId !== fatherMatch) {
        continue;
      }
      const { score, reasons } = scoreDuplicate(incoming, tree);
      if (score >= DUPLICATE_THRESHOLD && (best === null || score > best.score)) {
        best = { id, score, reasons };
      }
    }
    const tree = best ? subjects.get(best.id) : undefined;
    if (best && tree) {
      matchedTo.set(person.index, best.id);
      taken.add(best.id);
    }
    results.push({
      xref: person.xref,
      name: person.subject.name,
      father_name: person.subject.fatherName ?? null,
      birth_year: person.subject.birthYear ?? null,
      match:
        best && tree
          ? {
              id: best.id,
              name: tree.name,
              sex: tree.sex ?? 'U',
              father_name: tree.fatherName ?? null,
              grandfather_name: tree.grandfatherName ?? null,
              birth_year: tree.birthYear ?? null,
            }
          : null,
      score: best?.score ?? null,
      reasons: best?.reasons ?? [],
      above_threshold: best !== null && best.score >= GEDCOM_MATCH_AUTO,
    });
  }
  const versions = await personVersions(db, [...taken]);
  return {
    threshold: GEDCOM_MATCH_AUTO,
    root_xref: rootXref,
    results,
    versions: Object.fromEntries([...versions].map(([id, v]) => [String(id), v])),
  };
}
