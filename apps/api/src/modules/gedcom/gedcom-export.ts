import { setImmediate } from 'node:timers/promises';
import type { Sex } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { intArray, subtreeCondition } from '../persons/person-rows';
import {
  isRestricted,
  motherLinkVisible,
  siblingOrder,
  unionVisible,
  visibleChildOf,
  type Viewer,
} from '../persons/privacy';
import { formatGedcomDate } from './gedcom-dates';

/**
 * GEDCOM export (5.5.1 or 7.0, UTF-8), streamed batch by batch in lineage order. Families are
 * named after their parents (`@F<father>_<mother>@`), so both ends of every link can be written
 * without a table of families in memory. What the reader may not see of living persons (all but
 * the name and the father line: privacy.ts) is left out, links included.
 */

/**
 * Small batches, and the event loop gets a turn before each: on PGlite a query runs on the
 * main thread, so a long one (or a chain of them without a macrotask between) would hold up
 * every other request.
 */
const BATCH = 50;
/** 5.5.1 lines stay under 255 characters; longer text continues with CONC. */
const MAX_VALUE = 200;

export interface ExportOptions {
  root?: number;
  version: '5.5.1' | '7.0';
  /** Whose view of living persons the file shows. */
  viewer: Viewer;
}

interface Row {
  id: number;
  name: string;
  sex: Sex;
  father_id: number | null;
  mother_id: number | null;
  path: number[];
  birth_year: number | null;
  death_year: number | null;
  birth_date: string | null;
  death_date: string | null;
  birth_place: string | null;
  death_place: string | null;
  biography: string | null;
  is_living: boolean;
  birth_order: number | null;
  mother_visible: boolean;
}

const columns = (viewer: Viewer) => sql`p.id, p.name, p.sex, p.father_id, p.mother_id, p.path,
  p.birth_year, p.death_year, p.birth_date, p.death_date, p.birth_place, p.death_place,
  p.biography, p.is_living, p.birth_order, ${motherLinkVisible(viewer)} as mother_visible`;

const famXref = (father: number | null, mother: number | null) =>
  `@F${father ?? 0}_${mother ?? 0}@`;
const indiXref = (id: number) => `@I${id}@`;

/** Checks the root before the response starts (a 404 cannot follow a 200). */
export async function exportScope(db: Db, root: number | undefined): Promise<SQL> {
  if (root === undefined) return sql`true`;
  const [row] = await queryRows<{ path: number[] }>(
    db,
    sql`select path from persons where id = ${root}`,
  );
  if (!row) throw notFound();
  return sql`(p.id = ${root} or ${subtreeCondition([...row.path, root])})`;
}

export async function* exportGedcom(
  db: Db,
  scope: SQL,
  options: ExportOptions,
): AsyncGenerator<string> {
  const v7 = options.version === '7.0';
  const escape = (value: string) => {
    const flat = value.replace(/[\r\n]+/g, ' ');
    return v7 ? flat.replace(/^@/, '@@') : flat.replace(/@/g, '@@');
  };
  const text = (level: number, tag: string, value: string): string => {
    const lines = value.replace(/\r\n?/g, '\n').split('\n');
    let out = '';
    lines.forEach((line, i) => {
      const escaped = v7 ? line.replace(/^@/, '@@') : line.replace(/@/g, '@@');
      const chars = [...escaped];
      const parts: string[] = [];
      if (v7) parts.push(escaped);
      else
        for (let k = 0; k === 0 || k < chars.length; k += MAX_VALUE)
          parts.push(chars.slice(k, k + MAX_VALUE).join(''));
      parts.forEach((part, j) => {
        const [lvl, t] = i === 0 && j === 0 ? [level, tag] : [level + 1, j === 0 ? 'CONT' : 'CONC'];
        out += part === '' ? `${lvl} ${t}\n` : `${lvl} ${t} ${part}\n`;
      });
    });
    return out;
  };

  yield header(options.version);
  let last: { path: number[]; id: number } | null = null;
  const inScope = new Map<number, boolean>();
  for (;;) {
    await setImmediate();
    const after = last ? sql`and (p.path, p.id) > (${intArray(last.path)}, ${last.id})` : sql``;
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`select ${columns(options.viewer)} from persons p where ${scope} ${after}
          order by p.path, p.id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const tail = rows[rows.length - 1];
    if (tail) last = { path: tail.path, id: tail.id };
    for (const row of rows) inScope.set(row.id, true);
    const ids = rows.map((row) => row.id);
    const inBatch = new Set(ids);

    const children = await queryRows<{
      id: number;
      father_id: number | null;
      mother_id: number | null;
    }>(
      db,
      sql`select p.id, p.father_id,
            case when ${motherLinkVisible(options.viewer)} then p.mother_id end as mother_id
          from persons p
          where ${visibleChildOf(options.viewer, intArray(ids))} and ${scope}
          order by ${siblingOrder(options.viewer)}`,
    );
    const couples = await queryRows<{ a: number; b: number; sex_a: Sex; sex_b: Sex }>(
      db,
      sql`select u.person1_id as a, u.person2_id as b, x.sex as sex_a, y.sex as sex_b
          from unions u join persons x on x.id = u.person1_id join persons y on y.id = u.person2_id
          where (u.person1_id = any(${intArray(ids)}) or u.person2_id = any(${intArray(ids)}))
            and ${unionVisible(options.viewer, 'x', 'y')}`,
    );

    // Whether each referenced person is exported too (always, for the whole tree).
    const refs = new Set<number>();
    for (const row of rows) {
      if (row.father_id !== null) refs.add(row.father_id);
      if (row.mother_id !== null && row.mother_visible) refs.add(row.mother_id);
    }
    for (const c of children) {
      if (c.father_id !== null) refs.add(c.father_id);
      if (c.mother_id !== null) refs.add(c.mother_id);
    }
    for (const c of couples) {
      refs.add(c.a);
      refs.add(c.b);
    }
    const unknown = [...refs].filter((id) => !inScope.has(id));
    if (unknown.length > 0) {
      const present = await queryRows<{ id: number }>(
        db,
        sql`select p.id from persons p where p.id = any(${intArray(unknown)}) and ${scope}`,
      );
      const found = new Set(present.map((row) => row.id));
      for (const id of unknown) inScope.set(id, found.has(id));
    }
    const keep = (id: number | null) => (id !== null && inScope.get(id) === true ? id : null);

    // Families by key, with their children in birth order.
    const families = new Map<
      string,
      { father: number | null; mother: number | null; children: number[] }
    >();
    const familiesOf = new Map<number, Set<string>>();
    const addFamily = (father: number | null, mother: number | null) => {
      const key = famXref(father, mother);
      let family = families.get(key);
      if (!family) {
        family = { father, mother, children: [] };
        families.set(key, family);
      }
      for (const parent of [father, mother]) {
        if (parent === null) continue;
        const set = familiesOf.get(parent) ?? new Set<string>();
        set.add(key);
        familiesOf.set(parent, set);
      }
      return family;
    };
    for (const c of children) {
      const father = keep(c.father_id);
      const mother = keep(c.mother_id);
      if (father === null && mother === null) continue;
      addFamily(father, mother).children.push(c.id);
    }
    for (const c of couples) {
      if (!keep(c.a) || !keep(c.b)) continue;
      const husbandFirst = c.sex_a === 'M' || (c.sex_b !== 'M' && c.sex_a !== 'F');
      addFamily(husbandFirst ? c.a : c.b, husbandFirst ? c.b : c.a);
    }

    let out = '';
    for (const row of rows) {
      const hidden = isRestricted(row, options.viewer);
      out += `0 ${indiXref(row.id)} INDI\n`;
      out += `1 NAME ${escape(row.name)}\n`;
      if (!hidden) {
        out += `1 SEX ${row.sex}\n`;
        out += event('BIRT', row.birth_year, row.birth_date, row.birth_place);
        out += event('DEAT', row.death_year, row.death_date, row.death_place);
        if (row.biography) out += text(1, 'NOTE', row.biography);
        if (row.is_living) out += '1 _LIVING Y\n';
        if (row.birth_order !== null) out += `1 _BORD ${row.birth_order}\n`;
      }
      const father = keep(row.father_id);
      const mother = row.mother_visible ? keep(row.mother_id) : null;
      if (father !== null || mother !== null) out += `1 FAMC ${famXref(father, mother)}\n`;
      for (const key of familiesOf.get(row.id) ?? []) out += `1 FAMS ${key}\n`;
    }
    // Each family is written by its owner: the father, or the mother when there is none.
    for (const [key, family] of families) {
      const owner = family.father ?? family.mother;
      if (owner === null || !inBatch.has(owner)) continue;
      out += `0 ${key} FAM\n`;
      if (family.father !== null) out += `1 HUSB ${indiXref(family.father)}\n`;
      if (family.mother !== null) out += `1 WIFE ${indiXref(family.mother)}\n`;
      for (const childId of family.children) out += `1 CHIL ${indiXref(childId)}\n`;
    }
    yield out;
    if (rows.length < BATCH) break;
  }
  yield '0 TRLR\n';

  function event(tag: string, year: number | null, date: string | null, place: string | null) {
    const formatted = formatGedcomDate(year, date, options.version);
    if (!formatted && !place) return '';
    let out = `1 ${tag}\n`;
    if (formatted) {
      out += formatted.date === '' ? '2 DATE\n' : `2 DATE ${escape(formatted.date)}\n`;
      if (formatted.phrase) out += `3 PHRASE ${escape(formatted.phrase)}\n`;
    }
    if (place) out += `2 PLAC ${escape(place)}\n`;
    return out;
  }
}

function header(version: '5.5.1' | '7.0'): string {
  if (version === '7.0') {
    return [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '1 SCHMA',
      '2 TAG _LIVING https://bagysh.kg/gedcom/_LIVING',
      '2 TAG _BORD https://bagysh.kg/gedcom/_BORD',
      '1 SOUR BAGYSH',
      '2 NAME Багыш санжырасы',
      '',
    ].join('\n');
  }
  return [
    '0 HEAD',
    '1 SOUR BAGYSH',
    '2 NAME Багыш санжырасы',
    '1 SUBM @U1@',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '0 @U1@ SUBM',
    '1 NAME Багыш санжырасы',
    '',
  ].join('\n');
}
