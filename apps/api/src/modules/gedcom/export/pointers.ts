import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import type { GedcomExtraNode } from '../../../db/schema/records';
import { personsTable } from '../../../genealogy/person-table';
import { intArray } from '../../../genealogy/person-rows';
import {
  isRestricted,
  motherLinkVisible,
  restrictedCondition,
  unionVisible,
  type Viewer,
} from '../../../genealogy/privacy';
import type { NoteRow, PersonRow, SourceRow, UnionRow } from '../rows';

/**
 * The records that pointers in kept data (`extra`: an ASSO, a `_LINK`…) name, as the export
 * writes them. The import gave each pointer its record by our ids (`GedcomExtraNode.target`);
 * here each is looked up once, a batch at a time, and answers whether the file being written
 * has that record. A person counts when the export writes it with its details (in scope, not
 * restricted for the viewer: a link to a hidden living person is left out like any other);
 * a family when the export writes it under the key it writes; sources and notes when they
 * still exist (and the note is visible). The export itself decides, from its own state, whether
 * a source or note is written (context.ts).
 */
export class ExtraPointers {
  private readonly persons = new Map<number, boolean>();
  private readonly families = new Map<string, string | null>();
  private readonly sources = new Map<number, boolean>();
  private readonly notes = new Map<number, boolean>();

  constructor(
    private readonly db: Db,
    private readonly scope: SQL,
    private readonly viewer: Viewer,
    private readonly noteVisible: SQL,
  ) {}

  /** Looks up whatever the pointers in `extras` name and was not looked up before. */
  async load(extras: Iterable<GedcomExtraNode[] | null>): Promise<void> {
    const persons = new Set<number>();
    const families = new Map<string, Family>();
    const sources = new Set<number>();
    const notes = new Set<number>();
    const visit = (nodes: GedcomExtraNode[] | null) => {
      for (const node of nodes ?? []) {
        const target = node.target;
        if (target) {
          if ('person' in target) persons.add(target.person);
          else if ('family' in target) {
            const [father, mother] = target.family;
            if (father !== null) persons.add(father);
            if (mother !== null) persons.add(mother);
            families.set(familyKey(target.family), target.family);
          } else if ('source' in target) sources.add(target.source);
          else notes.add(target.note);
        }
        visit(node.children);
      }
    };
    for (const nodes of extras) visit(nodes);
    await this.loadPersons([...persons].filter((id) => !this.persons.has(id)));
    await this.loadFamilies([...families].filter(([key]) => !this.families.has(key)));
    const newSources = [...sources].filter((id) => !this.sources.has(id));
    if (newSources.length > 0) {
      const found = await queryRows<Pick<SourceRow, 'id'>>(
        this.db,
        sql`select id from sources where id = any(${intArray(newSources)})`,
      );
      remember(this.sources, newSources, found);
    }
    const newNotes = [...notes].filter((id) => !this.notes.has(id));
    if (newNotes.length > 0) {
      const found = await queryRows<Pick<NoteRow, 'id'>>(
        this.db,
        sql`select n.id from notes n where n.id = any(${intArray(newNotes)}) and ${this.noteVisible}`,
      );
      remember(this.notes, newNotes, found);
    }
  }

  /** Whether the export writes this person with its details (`load` first). */
  person(id: number): boolean {
    return this.persons.get(id) === true;
  }

  /** The export's xref of this family, or null when it writes none (`load` first). */
  family(family: Family): string | null {
    return this.families.get(familyKey(family)) ?? null;
  }

  /** Whether the source still exists (`load` first). */
  source(id: number): boolean {
    return this.sources.get(id) === true;
  }

  /** Whether the note still exists and the viewer may see it (`load` first). */
  note(id: number): boolean {
    return this.notes.get(id) === true;
  }

  private async loadPersons(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await queryRows<
      Pick<
        PersonRow,
        | 'id'
        | 'is_living'
        | 'presumed_living'
        | 'is_private'
        | 'birth_year'
        | 'death_year'
        | 'death_date'
      >
    >(
      this.db,
      sql`select p.id, p.is_living, p.presumed_living, p.is_private, p.birth_year, p.death_year, p.death_date
          from ${personsTable} p
          where p.id = any(${intArray(ids)}) and ${this.scope}`,
    );
    for (const id of ids) this.persons.set(id, false);
    for (const row of rows) this.persons.set(row.id, !isRestricted(row, this.viewer));
  }

  /**
   * The key the export gives the family of each of these parents (`famXref`):
   * the couple's union, ordered as the export orders spouses; else the parents of a child or of
   * a further parent family. Null when the export writes no such family. Two queries in all.
   */
  private async loadFamilies(families: [string, Family][]): Promise<void> {
    for (const [key] of families) this.families.set(key, null);
    const written = families.filter(([, [father, mother]]) =>
      [father, mother].every((parent) => parent === null || this.person(parent)),
    );
    if (written.length === 0) return;
    const { db, viewer, scope } = this;
    // The families of each couple, by the union's persons (the smaller id first).
    const couples = new Map<string, { a: number; b: number; keys: string[] }>();
    for (const [key, [father, mother]] of written) {
      if (father === null || mother === null) continue;
      const [a, b] = [Math.min(father, mother), Math.max(father, mother)];
      const couple = couples.get(`${a}:${b}`) ?? { a, b, keys: [] };
      couple.keys.push(key);
      couples.set(`${a}:${b}`, couple);
    }
    if (couples.size > 0) {
      const list = [...couples.values()];
      const unions = await queryRows<Pick<CoupleRow, 'a' | 'b' | 'sex_a' | 'sex_b'>>(
        db,
        sql`select u.person1_id as a, u.person2_id as b, x.sex as sex_a, y.sex as sex_b
            from unnest(${intArray(list.map((c) => c.a))}, ${intArray(list.map((c) => c.b))})
              as c(a, b)
              join unions u on u.person1_id = c.a and u.person2_id = c.b
              join ${personsTable} x on x.id = u.person1_id join ${personsTable} y on y.id = u.person2_id
            where ${unionVisible(viewer, 'x', 'y')}`,
      );
      for (const union of unions) {
        const [father, mother] = spousesInOrder(union);
        const xref = famXref(father, mother);
        for (const key of couples.get(`${union.a}:${union.b}`)?.keys ?? [])
          this.families.set(key, xref);
      }
    }
    const rest = written.filter(([key]) => this.families.get(key) === null);
    if (rest.length === 0) return;
    // A family without a father is found by its mother (an index on each; `is not distinct
    // from` would use none).
    const parents = sql`unnest(${nullableIntArray(rest.map(([, [father]]) => father))},
      ${nullableIntArray(rest.map(([, [, mother]]) => mother))}) as c(father, mother)`;
    const sameParents = (alias: string) => {
      const t = sql.raw(alias);
      return sql`(${t}.father_id = c.father or (c.father is null and ${t}.father_id is null
        and ${t}.mother_id = c.mother)) and ${t}.mother_id is not distinct from c.mother`;
    };
    const found = await queryRows<{ father: number | null; mother: number | null }>(
      db,
      sql`select c.father, c.mother from ${parents}
          where exists (select 1 from ${personsTable} p where ${sameParents('p')}
              and (c.mother is null or ${motherLinkVisible(viewer)}) and ${scope})
            or exists (select 1 from parent_families pf join ${personsTable} p on p.id = pf.child_id
              where ${sameParents('pf')} and not ${restrictedCondition(viewer)} and ${scope})`,
    );
    for (const { father, mother } of found) {
      this.families.set(familyKey([father, mother]), famXref(father, mother));
    }
  }
}

type Family = [father: number | null, mother: number | null];

/** An `int[]` parameter whose elements may be null. */
const nullableIntArray = (values: readonly (number | null)[]) =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : Math.trunc(value))).join(',')}}`}::int[]`;

/**
 * A union as the export reads it: its persons (`a` the smaller id) with their sex and their
 * order of marriages.
 */
export interface CoupleRow extends Pick<UnionRow, 'id' | 'extra'> {
  a: UnionRow['person1_id'];
  b: UnionRow['person2_id'];
  sex_a: PersonRow['sex'];
  sex_b: PersonRow['sex'];
  pos_a: UnionRow['person1_position'];
  pos_b: UnionRow['person2_position'];
}

/** A couple's spouses as the export writes them: the husband first (HUSB, then WIFE). */
export function spousesInOrder(
  couple: Pick<CoupleRow, 'a' | 'b' | 'sex_a' | 'sex_b'>,
): [father: number, mother: number] {
  const husbandFirst = couple.sex_a === 'M' || (couple.sex_b !== 'M' && couple.sex_a !== 'F');
  return husbandFirst ? [couple.a, couple.b] : [couple.b, couple.a];
}

/** A family as the export names it (`@F<father>_<mother>@`, 0 for none). */
export const famXref = (father: number | null, mother: number | null) =>
  `@F${father ?? 0}_${mother ?? 0}@`;

const familyKey = ([father, mother]: Family) => `${father ?? 0}:${mother ?? 0}`;

function remember(known: Map<number, boolean>, asked: number[], found: { id: number }[]): void {
  for (const id of asked) known.set(id, false);
  for (const row of found) known.set(row.id, true);
}
