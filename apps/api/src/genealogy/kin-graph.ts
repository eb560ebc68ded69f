import type { RelationLink, Sex } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { intArray, lineageNameColumns } from './person-rows';
import { isRestricted, projectKin, type Viewer } from './privacy';

/**
 * The persons the relation search reads and the links between them as the viewer may follow
 * them: loaded in batches (ancestors in one recursive query, then children and spouses a
 * generation at a time), so the search never reads the whole tree.
 */

interface Row {
  id: number;
  name: string;
  sex: Sex;
  father_id: number | null;
  mother_id: number | null;
  birth_year: number | null;
  death_year: number | null;
  death_date: string | null;
  is_living: boolean;
  presumed_living: boolean;
  is_private: boolean;
  birth_order: number | null;
  /** Read for the persons on the relations answered only (`loadLineageNames`). */
  father_name?: string | null;
  grandfather_name?: string | null;
}

interface ExtraParents {
  father_id: number | null;
  mother_id: number | null;
}

const COLUMNS = sql.raw(`id, name, sex, father_id, mother_id, birth_year, death_year,
  death_date, is_living, presumed_living, is_private, birth_order`);

// Step parents are a mother's husband or a father's wife: the union already links them.
const FURTHER_PARENTS = sql.raw(`relation <> 'step'`);

/** The part of the tree around A and B that the search reads, loaded in batches. */
export class KinGraph {
  readonly rows = new Map<number, Row>();
  private readonly extraParents = new Map<number, ExtraParents[]>();
  private readonly children = new Map<number, number[]>();
  private readonly spouses = new Map<number, number[]>();

  constructor(
    private readonly db: Db,
    private readonly viewer: Viewer,
  ) {}

  row(id: number): Row {
    const row = this.rows.get(id);
    if (!row) throw new Error(`person ${id} was not loaded`);
    return row;
  }

  /**
   * The persons whose ids the SQL `idsQuery` selects, each with their further parent families,
   * in one query, so the ids query (a recursive walk up, a batch of children or of spouses) runs
   * once per batch. The ids are read into an array first (`= any(array(…))`), so persons are
   * read by their index whatever number of ids the planner guesses (as a semi-join, a batch of
   * 400 spouses read the whole persons table at 100k). At 1M persons this took all relations of
   * two random persons from p50 235 ms to 51.
   */
  private async loadWhere(idsQuery: SQL): Promise<Row[]> {
    const rows = await queryRows<Row & { further: ExtraParents[] }>(
      this.db,
      sql`select ${COLUMNS}, (
          select coalesce(json_agg(json_build_object('father_id', f.father_id,
              'mother_id', f.mother_id) order by f.position, f.id), '[]')
          from parent_families f where f.child_id = p.id and f.${FURTHER_PARENTS}
        ) as further
        from persons p where p.id = any(array(${idsQuery}))`,
    );
    for (const { further, ...row } of rows) {
      this.rows.set(row.id, row);
      this.extraParents.set(row.id, further);
    }
    return rows;
  }

  /** The father's and grandfather's names of loaded persons (the father line: never hidden). */
  async loadLineageNames(ids: ReadonlySet<number>): Promise<void> {
    if (ids.size === 0) return;
    const names = await queryRows<{
      id: number;
      father_name: string | null;
      grandfather_name: string | null;
    }>(
      this.db,
      sql`select p.id, ${lineageNameColumns('p')} from persons p
          where p.id = any(${intArray([...ids])})`,
    );
    for (const { id, father_name, grandfather_name } of names) {
      const row = this.rows.get(id);
      if (row) Object.assign(row, { father_name, grandfather_name });
    }
  }

  /** All ancestors of `starts` (and the starts) up to `generations`, in one round trip. */
  async loadAncestors(starts: readonly number[], generations: number): Promise<void> {
    await this.loadWhere(
      sql`with recursive up(id, level) as (
          select id, 0 from unnest(${intArray(starts)}) as s(id)
          union
          select parent.id, up.level + 1
          from up
          join persons p on p.id = up.id
          cross join lateral (
            select p.father_id as id
            union all select p.mother_id
            union all select f.father_id from parent_families f
              where f.child_id = p.id and f.${FURTHER_PARENTS}
            union all select f.mother_id from parent_families f
              where f.child_id = p.id and f.${FURTHER_PARENTS}
          ) parent
          where up.level < ${generations} and parent.id is not null
        )
        select id from up`,
    );
  }

  /** Children of `ids` (by birth or adoption), in one round trip. */
  async loadChildren(ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.children.has(id));
    if (missing.length === 0) return;
    const list = intArray(missing);
    const rows = await this.loadWhere(
      sql`select id from persons where father_id = any(${list})
        union all select id from persons where mother_id = any(${list})
        union all select child_id from parent_families
          where (father_id = any(${list}) or mother_id = any(${list})) and ${FURTHER_PARENTS}`,
    );
    const wanted = new Set(missing);
    for (const id of missing) this.children.set(id, []);
    for (const row of rows) {
      const parents = [row.father_id, row.mother_id];
      for (const family of this.extraParents.get(row.id) ?? []) {
        parents.push(family.father_id, family.mother_id);
      }
      for (const parent of new Set(parents)) {
        if (parent !== null && wanted.has(parent)) this.children.get(parent)?.push(row.id);
      }
    }
  }

  /** Spouses of `ids` and their persons, in one round trip. */
  async loadSpouses(ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.spouses.has(id));
    if (missing.length === 0) return;
    const list = intArray(missing);
    const unions = sql`select person1_id, person2_id from unions where person1_id = any(${list})
      union select person1_id, person2_id from unions where person2_id = any(${list})`;
    const [found] = await Promise.all([
      queryRows<{ person1_id: number; person2_id: number }>(this.db, unions),
      // The other spouse of each union (`ids` are loaded already: the walks' ends).
      this.loadWhere(
        sql`select person2_id from unions where person1_id = any(${list})
          union select person1_id from unions where person2_id = any(${list})`,
      ),
    ]);
    for (const id of missing) this.spouses.set(id, []);
    for (const { person1_id: x, person2_id: y } of found) {
      this.spouses.get(x)?.push(y);
      this.spouses.get(y)?.push(x);
    }
  }

  private restricted(id: number): boolean {
    const row = this.rows.get(id);
    return row === undefined || isRestricted(row, this.viewer);
  }

  private bothShown(x: number, y: number): boolean {
    return !this.restricted(x) && !this.restricted(y);
  }

  /** The parents of `id` the viewer may see, with what each is to `id`. */
  parentsOf(id: number): Array<[number, RelationLink]> {
    const row = this.rows.get(id);
    if (!row) return [];
    const parents: Array<[number, RelationLink]> = [];
    const add = (parent: number | null, link: RelationLink) => {
      if (parent !== null && this.rows.has(parent) && !parents.some(([p]) => p === parent)) {
        parents.push([parent, link]);
      }
    };
    add(row.father_id, 'father');
    if (row.mother_id !== null && this.bothShown(id, row.mother_id)) add(row.mother_id, 'mother');
    for (const family of this.extraParents.get(id) ?? []) {
      if (family.father_id !== null && this.bothShown(id, family.father_id)) {
        add(family.father_id, 'father');
      }
      if (family.mother_id !== null && this.bothShown(id, family.mother_id)) {
        add(family.mother_id, 'mother');
      }
    }
    return parents;
  }

  isParent(parent: number, child: number): boolean {
    return this.parentsOf(child).some(([id]) => id === parent);
  }

  /** The children of `id` the viewer may see (loaded with `loadChildren`). */
  childrenOf(id: number): number[] {
    return [...new Set(this.children.get(id) ?? [])].filter(
      (child) => this.rows.has(child) && this.isParent(id, child),
    );
  }

  spousesOf(id: number): number[] {
    return (this.spouses.get(id) ?? []).filter(
      (spouse) => this.rows.has(spouse) && this.bothShown(id, spouse),
    );
  }

  /** What `id` is to its parent, by the sex the viewer sees. */
  childLink(id: number): RelationLink {
    const sex = projectKin(this.row(id), this.viewer).sex;
    return sex === 'M' ? 'son' : sex === 'F' ? 'daughter' : 'child';
  }

  /** What `parent` is to `child`, by the link that joins them. */
  parentLink(parent: number, child: number): RelationLink {
    return this.parentsOf(child).find(([id]) => id === parent)?.[1] ?? 'parent';
  }

  spouseLink(id: number): RelationLink {
    const sex = projectKin(this.row(id), this.viewer).sex;
    return sex === 'M' ? 'husband' : sex === 'F' ? 'wife' : 'spouse';
  }
}
