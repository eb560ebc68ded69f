import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { personsTable } from '../../../genealogy/person-table';
import { intArray } from '../../../genealogy/person-rows';
import {
  motherLinkVisible,
  restrictedCondition,
  siblingOrder,
  unionVisible,
  visibleChildOf,
} from '../../../genealogy/privacy';
import type { ParentFamilyRow, PersonRow } from '../rows';
import { indiXref, type ExportContext } from './context';
import { famXref, spousesInOrder, type CoupleRow } from './pointers';
import type { BatchRecords } from './records';

/**
 * Families: a batch of persons' unions, children and further parent families (adoptive,
 * foster…), gathered into families named after their parents (`@F<father>_<mother>@`, so that
 * both ends of every link can be written without a table of families in memory). Each family is
 * written by the batch of its owner, the father or else the mother.
 */

/** A batch person's parents as the export writes them (`mother_visible`: the viewer may see). */
export type BatchPerson = Pick<PersonRow, 'id' | 'father_id' | 'mother_id'> & {
  mother_visible: boolean;
};

type ChildRow = Pick<PersonRow, 'id' | 'father_id' | 'mother_id'>;
type FurtherFamilyRow = Omit<ParentFamilyRow, 'position'>;

/** What links a batch of persons to others: as children, spouses and further children. */
export interface FamilyLinks {
  children: ChildRow[];
  unions: CoupleRow[];
  adoptive: FurtherFamilyRow[];
}

export interface Family {
  father: number | null;
  mother: number | null;
  children: number[];
  /** Children of a further parent family (adopted, foster…), after the birth children. */
  others: number[];
  union: CoupleRow | null;
}

/** A batch's families, and the FAMS and further FAMC lines of its persons. */
export interface BatchFamilies {
  /** Each person's families as a spouse or parent, in the order of their FAMS lines. */
  familiesOf: Map<number, Set<string>>;
  /** Each batch person's further parent families, for FAMC lines with a PEDI. */
  otherFamiliesOf: Map<number, { key: string; relation: FurtherFamilyRow['relation'] }[]>;
  /** The families this batch writes, by key. */
  owned: [string, Family][];
}

/** The children, unions and further parent families of a batch's persons (`ids`). */
export async function familyLinks(db: Db, ctx: ExportContext, ids: number[]): Promise<FamilyLinks> {
  const { viewer, scope } = ctx;
  const children = await queryRows<ChildRow>(
    db,
    sql`select p.id, p.father_id,
          case when ${motherLinkVisible(viewer)} then p.mother_id end as mother_id
        from ${personsTable} p
        where ${visibleChildOf(viewer, intArray(ids))} and ${scope}
        order by ${siblingOrder(viewer)}`,
  );
  const unions = await queryRows<CoupleRow>(
    db,
    sql`select u.id, u.person1_id as a, u.person2_id as b, x.sex as sex_a, y.sex as sex_b,
          u.person1_position as pos_a, u.person2_position as pos_b, u.extra
        from unions u join ${personsTable} x on x.id = u.person1_id
          join ${personsTable} y on y.id = u.person2_id
        where (u.person1_id = any(${intArray(ids)}) or u.person2_id = any(${intArray(ids)}))
          and ${unionVisible(viewer, 'x', 'y')}
        order by u.id`,
  );
  // Further parent families of the batch's persons (as child) and of their children (as
  // parent); hidden like a mother link when any of the three is restricted.
  const restrictedAny = viewer.seesLiving
    ? sql`false`
    : sql`(${restrictedCondition(viewer, 'c')} or coalesce(${restrictedCondition(viewer, 'f')}, false)
        or coalesce(${restrictedCondition(viewer, 'm')}, false))`;
  const adoptive = await queryRows<FurtherFamilyRow>(
    db,
    sql`select pf.child_id, pf.father_id, pf.mother_id, pf.relation
        from parent_families pf join ${personsTable} c on c.id = pf.child_id
          left join ${personsTable} f on f.id = pf.father_id
          left join ${personsTable} m on m.id = pf.mother_id
        where (pf.child_id = any(${intArray(ids)}) or pf.father_id = any(${intArray(ids)})
            or pf.mother_id = any(${intArray(ids)}))
          and not ${restrictedAny}
        order by pf.child_id, pf.position, pf.id`,
  );
  return { children, unions, adoptive };
}

/** Every person a batch's persons and their links name, for the scope check. */
export function referencedPersons(rows: BatchPerson[], links: FamilyLinks): Set<number> {
  const refs = new Set<number>();
  for (const row of rows) {
    if (row.father_id !== null) refs.add(row.father_id);
    if (row.mother_id !== null && row.mother_visible) refs.add(row.mother_id);
  }
  for (const c of links.children) {
    if (c.father_id !== null) refs.add(c.father_id);
    if (c.mother_id !== null) refs.add(c.mother_id);
  }
  for (const u of links.unions) {
    refs.add(u.a);
    refs.add(u.b);
  }
  for (const pf of links.adoptive) {
    refs.add(pf.child_id);
    if (pf.father_id !== null) refs.add(pf.father_id);
    if (pf.mother_id !== null) refs.add(pf.mother_id);
  }
  return refs;
}

/**
 * The families by key, with their children in birth order; `keep` answers a person the file
 * has, else null; `inBatch` the batch's persons.
 */
export function batchFamilies(
  links: FamilyLinks,
  keep: (id: number | null) => number | null,
  inBatch: Set<number>,
): BatchFamilies {
  const families = new Map<string, Family>();
  const familiesOf = new Map<number, Set<string>>();
  const addFamily = (father: number | null, mother: number | null) => {
    const key = famXref(father, mother);
    let family = families.get(key);
    if (!family) {
      family = { father, mother, children: [], others: [], union: null };
      families.set(key, family);
    }
    return family;
  };
  const linkParent = (parent: number | null, key: string) => {
    if (parent === null) return;
    const set = familiesOf.get(parent) ?? new Set<string>();
    set.add(key);
    familiesOf.set(parent, set);
  };
  // FAMS in each spouse's order of marriages (unknown order last), then families of children.
  const marriages: { person: number; position: number | null; id: number; key: string }[] = [];
  for (const u of links.unions) {
    if (!keep(u.a) || !keep(u.b)) continue;
    const [father, mother] = spousesInOrder(u);
    const family = addFamily(father, mother);
    family.union = u;
    const key = famXref(father, mother);
    marriages.push({ person: u.a, position: u.pos_a, id: u.id, key });
    marriages.push({ person: u.b, position: u.pos_b, id: u.id, key });
  }
  marriages.sort((x, y) => (x.position ?? Infinity) - (y.position ?? Infinity) || x.id - y.id);
  for (const m of marriages) linkParent(m.person, m.key);
  for (const c of links.children) {
    const father = keep(c.father_id);
    const mother = keep(c.mother_id);
    if (father === null && mother === null) continue;
    addFamily(father, mother).children.push(c.id);
    linkParent(father, famXref(father, mother));
    linkParent(mother, famXref(father, mother));
  }
  const otherFamiliesOf: BatchFamilies['otherFamiliesOf'] = new Map();
  for (const pf of links.adoptive) {
    const father = keep(pf.father_id);
    const mother = keep(pf.mother_id);
    if ((father === null && mother === null) || keep(pf.child_id) === null) continue;
    const key = famXref(father, mother);
    addFamily(father, mother).others.push(pf.child_id);
    linkParent(father, key);
    linkParent(mother, key);
    if (inBatch.has(pf.child_id)) {
      const list = otherFamiliesOf.get(pf.child_id) ?? [];
      list.push({ key, relation: pf.relation });
      otherFamiliesOf.set(pf.child_id, list);
    }
  }
  // Families written by this batch: each by its owner, the father or else the mother.
  const owned = [...families].filter(([, f]) => {
    const owner = f.father ?? f.mother;
    return owner !== null && inBatch.has(owner);
  });
  return { familiesOf, otherFamiliesOf, owned };
}

/** A FAM record: its spouses, children, and the union's events, notes and citations. */
export function familyLines(key: string, family: Family, records: BatchRecords): string {
  let out = `0 ${key} FAM\n`;
  if (family.father !== null) out += `1 HUSB ${indiXref(family.father)}\n`;
  if (family.mother !== null) out += `1 WIFE ${indiXref(family.mother)}\n`;
  for (const childId of [...family.children, ...family.others])
    out += `1 CHIL ${indiXref(childId)}\n`;
  const union = family.union;
  if (union) out += records.unionLines(union);
  return out;
}
