import type {
  FamilyChild,
  FamilyMember,
  FamilyParents,
  FamilySibling,
  FamilyUnion,
  ParentRelation,
  PersonEvent,
  PersonFamily,
  SiblingKind,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { unionEventsColumn } from '../../genealogy/person-record-columns';
import { intArray, summaryColumns, type SummaryRow } from '../../genealogy/person-rows';
import {
  motherLinkVisible,
  projectSummary,
  restrictedCondition,
  siblingOrder,
  unionVisible,
  visibleChildOf,
  type Viewer,
} from '../../genealogy/privacy';
import { personsTable } from '../../genealogy/person-table';

/**
 * The near family of a person page (`GET /persons/{id}/family/`). What is shown follows the
 * person page exactly (privacy.ts): of a person the viewer may not see in full, the father and
 * the father-line children only — no mother, spouse, further parents or children, or
 * half-sibling kinds. A further parent family is shown from both ends as the child's page shows
 * it: an adopted or fostered child the viewer may not see in full is left out (their page
 * shows no further parents).
 */

function member(row: SummaryRow, viewer: Viewer): FamilyMember {
  const summary = projectSummary(row, viewer);
  return {
    id: summary.id,
    name: summary.name,
    sex: summary.sex,
    birth_year: summary.birth_year,
    death_year: summary.death_year,
    living: summary.living,
    restricted: summary.restricted,
    father_name: summary.father_name,
    grandfather_name: summary.grandfather_name,
  };
}

/** Summary rows of `persons p` that match `where`, in sibling order. */
function summaries(db: Db, viewer: Viewer, where: SQL) {
  return queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns(viewer)} from ${personsTable} p where ${where}
        order by ${siblingOrder(viewer)}`,
  );
}

interface UnionRow {
  id: number;
  spouse_id: number;
  position: number | null;
  events: PersonEvent[];
}

/** A child: `relation` 'birth', or the further family's; its other parent if shown. */
interface ChildRow extends SummaryRow {
  relation: ParentRelation;
  other_parent: number | null;
}

/** The birth children of `id` the viewer may see, then those of its further families. */
function childRows(db: Db, id: number, viewer: Viewer, hide: boolean) {
  const birth = sql`select c.*, 'birth'::text as relation, null::int as other_parent
    from ${personsTable} c where ${visibleChildOf(viewer, intArray([id]), 'c')}`;
  const further = sql`select c.*, pf.relation,
      case when pf.father_id = ${id}
        then (case when ${restrictedCondition(viewer, 'om')} then null else pf.mother_id end)
        else pf.father_id end
    from parent_families pf
    join ${personsTable} c on c.id = pf.child_id
    left join ${personsTable} om on om.id = pf.mother_id
    where (pf.father_id = ${id} or pf.mother_id = ${id}) and not ${restrictedCondition(viewer, 'c')}`;
  return queryRows<ChildRow>(
    db,
    sql`select ${summaryColumns(viewer)}, p.relation, p.other_parent
        from (${hide ? birth : sql`${birth} union all ${further}`}) p
        order by p.relation <> 'birth', ${siblingOrder(viewer)}`,
  );
}

/**
 * Children of the parents `parentIds` as each parent's own family shows them: birth children
 * the viewer may see, and of the parents `openIds` (seen in full) the children of their further
 * families the viewer sees in full. `via`: the parent they were found through; `relation`:
 * 'birth', or the further family's.
 */
function childrenOfParents(
  db: Db,
  viewer: Viewer,
  parentIds: readonly number[],
  openIds: readonly number[],
) {
  return queryRows<SummaryRow & { via: number; relation: ParentRelation }>(
    db,
    sql`select ${summaryColumns(viewer)}, p.via, p.relation from (
          select c.*, x.id as via, 'birth'::text as relation
          from unnest(${intArray(parentIds)}) as x(id)
          join ${personsTable} c on ${visibleChildOf(viewer, sql`array[x.id]`, 'c')}
          union all
          select c.*, x.id, pf.relation from unnest(${intArray(openIds)}) as x(id)
          join parent_families pf on pf.father_id = x.id or pf.mother_id = x.id
          join ${personsTable} c on c.id = pf.child_id
          where not ${restrictedCondition(viewer, 'c')}) p
        order by p.relation <> 'birth', ${siblingOrder(viewer)}`,
  );
}

interface FurtherRow {
  father_id: number | null;
  mother_id: number | null;
  mother_shown: boolean;
  relation: ParentRelation;
}

export async function getPersonFamily(db: Db, id: number, viewer: Viewer): Promise<PersonFamily> {
  const [personRow] = await summaries(db, viewer, sql`p.id = ${id}`);
  if (!personRow) throw notFound();
  const person = projectSummary(personRow, viewer);
  const hide = person.restricted;
  // The person page's mother: hidden with the person, or when the link is not shown.
  const motherId = hide ? null : person.mother_id;

  const [unions, further, children, siblings] = await Promise.all([
    hide
      ? Promise.resolve([])
      : queryRows<UnionRow>(
          db,
          sql`select u.id, s.id as spouse_id,
                case when u.person1_id = p.id then u.person1_position
                  else u.person2_position end as position,
                ${unionEventsColumn(viewer)} as events
              from ${personsTable} p
              join unions u on u.person1_id = p.id or u.person2_id = p.id
              join ${personsTable} s on s.id = case when u.person1_id = p.id then u.person2_id
                                            else u.person1_id end
              where p.id = ${id} and ${unionVisible(viewer, 'p', 's')}
              order by 3 nulls last, s.id`,
        ),
    hide
      ? Promise.resolve([])
      : queryRows<FurtherRow>(
          db,
          sql`select pf.father_id, pf.mother_id, pf.relation,
                (fm.id is not null and not ${restrictedCondition(viewer, 'fm')}) as mother_shown
              from parent_families pf
              left join ${personsTable} fm on fm.id = pf.mother_id
              where pf.child_id = ${id}
              order by pf.position, pf.id`,
        ),
    childRows(db, id, viewer, hide),
    person.father_id === null && motherId === null
      ? Promise.resolve([])
      : summaries(
          db,
          viewer,
          sql`p.id <> ${id} and (p.father_id = ${person.father_id ?? 0}
            or (p.mother_id = ${motherId ?? 0} and ${motherLinkVisible(viewer)}))`,
        ),
  ]);

  // Parents and spouses, read in one more query.
  const wanted = new Set<number>();
  if (person.father_id !== null) wanted.add(person.father_id);
  if (motherId !== null) wanted.add(motherId);
  for (const family of further) {
    if (family.father_id !== null) wanted.add(family.father_id);
    if (family.mother_id !== null && family.mother_shown) wanted.add(family.mother_id);
  }
  for (const union of unions) wanted.add(union.spouse_id);
  const related = new Map(
    wanted.size === 0
      ? []
      : (await summaries(db, viewer, sql`p.id = any(${intArray([...wanted])})`)).map((row) => [
          row.id,
          member(row, viewer),
        ]),
  );
  const find = (relative: number | null) =>
    relative === null ? null : (related.get(relative) ?? null);

  const parents: FamilyParents[] = [];
  if (person.father_id !== null || motherId !== null) {
    parents.push({ relation: 'birth', father: find(person.father_id), mother: find(motherId) });
  }
  for (const family of further) {
    const father = find(family.father_id);
    const mother = family.mother_shown ? find(family.mother_id) : null;
    // A family whose every parent is hidden is not shown at all (as on the person page).
    if (father || mother) parents.push({ relation: family.relation, father, mother });
  }

  // Children grouped by their other parent: the spouses in order, then anyone else.
  const groups: FamilyUnion[] = unions.map((union) => ({
    union_id: union.id,
    spouse: find(union.spouse_id),
    position: union.position,
    events: union.events,
    children: [],
  }));
  const bySpouse = new Map(unions.map((union, index) => [union.spouse_id, groups[index]]));
  const others = new Map<number | null, FamilyUnion>();
  for (const row of children) {
    const child = projectSummary(row, viewer);
    let other = row.other_parent;
    if (row.relation === 'birth') {
      other = hide ? null : child.father_id === id ? child.mother_id : child.father_id;
    }
    let group = other === null ? undefined : bySpouse.get(other);
    if (!group) {
      group = others.get(other);
      if (!group) {
        group = { union_id: null, spouse: null, position: null, events: [], children: [] };
        others.set(other, group);
      }
    }
    const entry: FamilyChild = { ...member(row, viewer), relation: row.relation };
    group.children.push(entry);
  }
  // Other parents who are not recorded as spouses: named, like a child's own page names them.
  const unnamed = [...others.keys()].filter((other): other is number => other !== null);
  const otherParents = unnamed.length
    ? await summaries(db, viewer, sql`p.id = any(${intArray(unnamed)})`)
    : [];
  for (const row of otherParents) {
    const group = others.get(row.id);
    if (group) group.spouse = member(row, viewer);
  }
  const unknown = others.get(null);
  others.delete(null);
  const unionList = [...groups, ...others.values(), ...(unknown ? [unknown] : [])];

  const siblingList: FamilySibling[] = siblings.map((row) => {
    const sibling = projectSummary(row, viewer);
    const sameFather = person.father_id !== null && sibling.father_id === person.father_id;
    const sameMother = motherId !== null && sibling.mother_id === motherId;
    let kind: SiblingKind = 'unknown';
    if (sameFather && sameMother) kind = 'full';
    else if (sameFather && motherId !== null && sibling.mother_id !== null) kind = 'paternal';
    else if (sameMother && person.father_id !== null && sibling.father_id !== null) {
      kind = 'maternal';
    }
    return { ...member(row, viewer), kind, relation: 'birth' as const };
  });

  // Siblings through a further family: the other children of the adoptive, foster… parents,
  // and those the birth parents took in. None for a person the viewer may not see in full.
  const familyOf = new Map<number, ParentRelation>();
  for (const family of hide ? [] : parents) {
    for (const parent of [family.father, family.mother]) {
      if (parent && !familyOf.has(parent.id)) familyOf.set(parent.id, family.relation);
    }
  }
  if (familyOf.size > 0) {
    const further = [...familyOf].filter(([, relation]) => relation !== 'birth');
    const open = [...familyOf.keys()].filter((parent) => related.get(parent)?.restricted === false);
    const seen = new Set([id, ...siblingList.map((sibling) => sibling.id)]);
    const rows = await childrenOfParents(
      db,
      viewer,
      further.map(([parent]) => parent),
      open,
    );
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const via = familyOf.get(row.via) ?? 'unknown';
      const relation = via === 'birth' ? row.relation : via;
      siblingList.push({ ...member(row, viewer), kind: 'unknown', relation });
    }
  }

  return { parents, unions: unionList, siblings: siblingList };
}
