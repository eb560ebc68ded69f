import { setImmediate } from 'node:timers/promises';
import {
  formatGedcomDate as formatEventDate,
  type EventDate,
  type EventType,
  type NameKind,
  type ParentRelation,
  type Sex,
  type SourceKind,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { GedcomExtraNode, GedcomExtraTarget } from '../../db/schema/records';
import { notFound } from '../../lib/http-errors';
import { intArray, subtreeCondition } from '../../genealogy/person-rows';
import { MAX_PARENT_DEPTH } from '../../genealogy/records/places';
import {
  isRestricted,
  livingCondition,
  motherLinkVisible,
  restrictedCondition,
  siblingOrder,
  unionVisible,
  visibleChildOf,
  type Viewer,
} from '../../genealogy/privacy';
import { ExtraPointers, famXref } from './export-pointers';
import { formatGedcomDate } from './gedcom-dates';
import { eventTag, GedcomWriter, nameWithSurname } from './gedcom-writer';
import { isRepositoryCitation, NO_NAME, PLACE_NAME_COMMA } from './conventions';

/**
 * GEDCOM export (5.5.1 or 7.0, UTF-8), streamed batch by batch in lineage order. Each batch of
 * persons fetches its names, events, citations, note and media links, parent families and
 * unions (with their events) by id lists, a fixed number of queries per batch; then sources,
 * shared notes and (7.0) media objects follow in keyset pages. Families are named after their
 * parents (`@F<father>_<mother>@`), so both ends of every link can be written without a table
 * of families in memory. What the reader may not see of living persons (all but the name and
 * the father line: privacy.ts) is left out, links included.
 */

/**
 * Small batches, and the event loop gets a turn before each: on PGlite a query runs on the
 * main thread, so a long one (or a chain of them without a macrotask between) would hold up
 * every other request.
 */
const BATCH = 50;

export interface ExportOptions {
  root?: number;
  version: '5.5.1' | '7.0';
  /** Whose view of living persons the file shows. */
  viewer: Viewer;
  /** Leave living persons out altogether. */
  excludeLiving?: boolean;
  /** Write private shared notes (only ever for a viewer who sees living persons). */
  privateNotes?: boolean;
  /** Absolute origin of the site (PUBLIC_URL): media files are linked by their download URL. */
  publicUrl: string;
}

type Extra = GedcomExtraNode[] | null;

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
  photo_file_id: number | null;
  extra: Extra;
  mother_visible: boolean;
}

interface NameRow {
  id: number;
  person_id: number;
  kind: NameKind;
  given: string | null;
  surname: string | null;
  nickname: string | null;
  prefix: string | null;
  suffix: string | null;
  full_name: string;
  position: number;
  extra: Extra;
}

interface EventRow {
  id: number;
  person_id: number | null;
  union_id: number | null;
  type: EventType;
  custom_type: string | null;
  value: string | null;
  date: EventDate | null;
  place_id: number | null;
  note: string | null;
  extra: Extra;
}

interface CitationRow {
  source_id: number;
  person_id: number | null;
  event_id: number | null;
  union_id: number | null;
  name_id: number | null;
  page: string | null;
  quality: number | null;
  note: string | null;
  extra: Extra;
}

interface LinkRow {
  target: string;
  note_id: number;
}

interface MediaRow {
  target: string;
  file_id: number;
  title: string | null;
  name: string;
  mime_type: string;
}

interface PlaceRow {
  id: number;
  chain: string;
  /** The chain once for each other name of a place in it, that place renamed. */
  variants: string[];
  latitude: number | null;
  longitude: number | null;
  extra: Extra;
}

interface UnionRow {
  id: number;
  a: number;
  b: number;
  sex_a: Sex;
  sex_b: Sex;
  pos_a: number | null;
  pos_b: number | null;
  extra: Extra;
}

interface SourceRow {
  id: number;
  kind: SourceKind;
  title: string;
  author: string | null;
  publication: string | null;
  repository: string | null;
  call_number: string | null;
  url: string | null;
  told_date: EventDate | null;
  told_place_id: number | null;
  text: string | null;
  note: string | null;
  extra: Extra;
}

interface NoteRow {
  id: number;
  text: string;
  is_private: boolean;
  extra: Extra;
}

interface FileRow {
  id: number;
  name: string;
  mime_type: string;
}

interface Family {
  father: number | null;
  mother: number | null;
  children: number[];
  /** Children of a further parent family (adopted, foster…), after the birth children. */
  others: number[];
  union: UnionRow | null;
}

const columns = (viewer: Viewer) => sql`p.id, p.name, p.sex, p.father_id, p.mother_id, p.path,
  p.birth_year, p.death_year, p.birth_date, p.death_date, p.birth_place, p.death_place,
  p.biography, p.is_living, p.birth_order, p.photo_file_id, p.extra,
  ${motherLinkVisible(viewer)} as mother_visible`;

const indiXref = (id: number) => `@I${id}@`;
const sourXref = (id: number) => `@S${id}@`;
const noteXref = (id: number) => `@N${id}@`;
const objeXref = (id: number) => `@O${id}@`;
const repoXref = (sourceId: number) => `@R${sourceId}@`;

/** Rows grouped by a key, in their order. */
function groupBy<T, K>(rows: T[], key: (row: T) => K | null): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

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

/** Rows of each table scanned at once for custom tags: short queries, see BATCH. */
const TAG_SCAN_RANGE = 20_000;

/**
 * Every custom tag (`_X`) kept in `extra` anywhere, for the 7.0 HEAD.SCHMA (which comes before
 * the records). Scanned in id ranges, so that no query holds PGlite's thread for long.
 */
async function extraTags(db: Db): Promise<string[]> {
  const tables = [
    'persons',
    'unions',
    'places',
    'notes',
    'sources',
    'person_names',
    'events',
    'citations',
  ];
  const tags = new Set<string>();
  for (const name of tables) {
    const table = sql.raw(name);
    const [bounds] = await queryRows<{ low: number | null; high: number | null }>(
      db,
      sql`select min(id) as low, max(id) as high from ${table}`,
    );
    if (!bounds || bounds.low === null || bounds.high === null) continue;
    for (let from = bounds.low; from <= bounds.high; from += TAG_SCAN_RANGE) {
      await setImmediate();
      const rows = await queryRows<{ tag: string }>(
        db,
        sql`select distinct tag from (
              select jsonb_path_query(extra, 'strict $.**.tag') #>> '{}' as tag from ${table}
              where id >= ${from} and id < ${from + TAG_SCAN_RANGE} and extra is not null) t
            where tag like '\\_%'`,
      );
      for (const row of rows) tags.add(row.tag);
    }
  }
  return [...tags];
}

export async function* exportGedcom(
  db: Db,
  baseScope: SQL,
  options: ExportOptions,
): AsyncGenerator<string> {
  const w = new GedcomWriter(options.version);
  const { viewer } = options;
  const scope = options.excludeLiving
    ? sql`(${baseScope} and not ${livingCondition('p')})`
    : baseScope;
  const privateNotes = viewer.seesLiving && options.privateNotes === true;
  // Whole-tree exports for a full viewer write every source and note; the others only those
  // the written records refer to (a note of a hidden living person stays out).
  const everyRecord = options.root === undefined;
  const everyNote = everyRecord && viewer.seesLiving && !options.excludeLiving;
  const sourceIds = new Set<number>();
  const noteIds = new Set<number>();
  const fileIds = new Set<number>();
  const noteVisible = privateNotes ? sql`true` : sql`not n.is_private`;
  const pointers = new ExtraPointers(db, scope, viewer, noteVisible);
  /**
   * The xref of the record a pointer in kept data names, when this file has it. `after`: the
   * last source (or note) of the page being written; a later one is still to come.
   */
  const pointerXref =
    (section: 'persons' | 'sources' | 'notes', after = 0) =>
    (target: GedcomExtraTarget): string | null => {
      if ('person' in target)
        return pointers.person(target.person) ? indiXref(target.person) : null;
      if ('family' in target) return pointers.family(target.family);
      if ('source' in target) {
        const id = target.source;
        if (!pointers.source(id)) return null;
        // Sources follow the persons: the pointer makes sure this one is written.
        const written =
          everyRecord ||
          sourceIds.has(id) ||
          section === 'persons' ||
          (section === 'sources' && id > after);
        if (!written) return null;
        if (section !== 'notes') sourceIds.add(id);
        return sourXref(id);
      }
      const id = target.note;
      if (!pointers.note(id)) return null;
      if (section === 'notes' && !everyNote && !noteIds.has(id) && id <= after) return null;
      noteIds.add(id);
      return noteXref(id);
    };

  yield w.header(w.v7 ? await extraTags(db) : []);

  // --- Persons and families -----------------------------------------------------------------
  let last: { path: number[]; id: number } | null = null;
  const inScope = new Map<number, boolean>();
  for (;;) {
    await setImmediate();
    const after = last ? sql`and (p.path, p.id) > (${intArray(last.path)}, ${last.id})` : sql``;
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`select ${columns(viewer)} from persons p where ${scope} ${after}
          order by p.path, p.id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const tail = rows[rows.length - 1];
    if (tail) last = { path: tail.path, id: tail.id };
    for (const row of rows) inScope.set(row.id, true);
    const ids = rows.map((row) => row.id);
    const inBatch = new Set(ids);
    const shownIds = rows.filter((row) => !isRestricted(row, viewer)).map((row) => row.id);

    const children = await queryRows<{
      id: number;
      father_id: number | null;
      mother_id: number | null;
    }>(
      db,
      sql`select p.id, p.father_id,
            case when ${motherLinkVisible(viewer)} then p.mother_id end as mother_id
          from persons p
          where ${visibleChildOf(viewer, intArray(ids))} and ${scope}
          order by ${siblingOrder(viewer)}`,
    );
    const unions = await queryRows<UnionRow>(
      db,
      sql`select u.id, u.person1_id as a, u.person2_id as b, x.sex as sex_a, y.sex as sex_b,
            u.person1_position as pos_a, u.person2_position as pos_b, u.extra
          from unions u join persons x on x.id = u.person1_id join persons y on y.id = u.person2_id
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
    const adoptive = await queryRows<{
      child_id: number;
      father_id: number | null;
      mother_id: number | null;
      relation: ParentRelation;
    }>(
      db,
      sql`select pf.child_id, pf.father_id, pf.mother_id, pf.relation
          from parent_families pf join persons c on c.id = pf.child_id
            left join persons f on f.id = pf.father_id left join persons m on m.id = pf.mother_id
          where (pf.child_id = any(${intArray(ids)}) or pf.father_id = any(${intArray(ids)})
              or pf.mother_id = any(${intArray(ids)}))
            and not ${restrictedAny}
          order by pf.child_id, pf.position, pf.id`,
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
    for (const u of unions) {
      refs.add(u.a);
      refs.add(u.b);
    }
    for (const pf of adoptive) {
      refs.add(pf.child_id);
      if (pf.father_id !== null) refs.add(pf.father_id);
      if (pf.mother_id !== null) refs.add(pf.mother_id);
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
    for (const u of unions) {
      if (!keep(u.a) || !keep(u.b)) continue;
      const husbandFirst = u.sex_a === 'M' || (u.sex_b !== 'M' && u.sex_a !== 'F');
      const [father, mother] = husbandFirst ? [u.a, u.b] : [u.b, u.a];
      const family = addFamily(father, mother);
      family.union = u;
      const key = famXref(father, mother);
      marriages.push({ person: u.a, position: u.pos_a, id: u.id, key });
      marriages.push({ person: u.b, position: u.pos_b, id: u.id, key });
    }
    marriages.sort((x, y) => (x.position ?? Infinity) - (y.position ?? Infinity) || x.id - y.id);
    for (const m of marriages) linkParent(m.person, m.key);
    for (const c of children) {
      const father = keep(c.father_id);
      const mother = keep(c.mother_id);
      if (father === null && mother === null) continue;
      addFamily(father, mother).children.push(c.id);
      linkParent(father, famXref(father, mother));
      linkParent(mother, famXref(father, mother));
    }
    const otherFamiliesOf = new Map<number, { key: string; relation: ParentRelation }[]>();
    for (const pf of adoptive) {
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
    const unionIds = owned.flatMap(([, f]) => (f.union ? [f.union.id] : []));

    // The records of shown persons and of written unions.
    const names = await queryRows<NameRow>(
      db,
      sql`select id, person_id, kind, given, surname, nickname, prefix, suffix, full_name,
            position, extra
          from person_names where person_id = any(${intArray(shownIds)})
          order by person_id, position, id`,
    );
    const events = await queryRows<EventRow>(
      db,
      sql`select id, person_id, union_id, type, custom_type, value, date, place_id, note, extra
          from events
          where person_id = any(${intArray(shownIds)}) or union_id = any(${intArray(unionIds)})
          order by position, date_sort nulls last, id`,
    );
    const eventIds = events.map((e) => e.id);
    const nameIds = names.map((n) => n.id);
    const citations = await queryRows<CitationRow>(
      db,
      sql`select source_id, person_id, event_id, union_id, name_id, page, quality, note, extra
          from citations
          where person_id = any(${intArray(shownIds)}) or event_id = any(${intArray(eventIds)})
            or union_id = any(${intArray(unionIds)}) or name_id = any(${intArray(nameIds)})
          order by position, id`,
    );
    const noteLinks = await queryRows<LinkRow>(
      db,
      sql`select case when l.person_id is not null then 'p' || l.person_id
              when l.event_id is not null then 'e' || l.event_id else 'u' || l.union_id end as target,
            l.note_id
          from note_links l join notes n on n.id = l.note_id
          where (l.person_id = any(${intArray(shownIds)}) or l.event_id = any(${intArray(eventIds)})
            or l.union_id = any(${intArray(unionIds)})) and ${noteVisible}
          order by l.position, l.id`,
    );
    const photoIds = rows.flatMap((row) =>
      row.photo_file_id !== null && !isRestricted(row, viewer) ? [row.photo_file_id] : [],
    );
    const media = await queryRows<MediaRow>(
      db,
      sql`select case when l.person_id is not null then 'p' || l.person_id else 'e' || l.event_id end
              as target, l.file_id, l.title, f.name, f.mime_type
          from media_links l join files f on f.id = l.file_id
          where l.person_id = any(${intArray(shownIds)}) or l.event_id = any(${intArray(eventIds)})
          order by l.position, l.id`,
    );
    const photoRows =
      photoIds.length === 0
        ? []
        : await queryRows<FileRow>(
            db,
            sql`select id, name, mime_type from files where id = any(${intArray(photoIds)})`,
          );
    const photos = new Map(photoRows.map((f) => [f.id, f]));
    const places = await placeChains(
      db,
      events.flatMap((e) => (e.place_id === null ? [] : [e.place_id])),
    );
    await pointers.load([
      ...rows.map((row) => (isRestricted(row, viewer) ? null : row.extra)),
      ...names.map((n) => n.extra),
      ...events.map((e) => e.extra),
      ...citations.map((c) => c.extra),
      ...owned.map(([, f]) => f.union?.extra ?? null),
      ...[...places.values()].map((p) => p.extra),
    ]);
    const xrefOf = pointerXref('persons');

    const namesOf = groupBy(names, (n) => n.person_id);
    const personEvents = groupBy(events, (e) => e.person_id);
    const unionEvents = groupBy(events, (e) => e.union_id);
    const citationsOf = groupBy(citations, (c) =>
      c.person_id !== null
        ? `p${c.person_id}`
        : c.event_id !== null
          ? `e${c.event_id}`
          : c.union_id !== null
            ? `u${c.union_id}`
            : `n${c.name_id}`,
    );
    const notesOf = groupBy(noteLinks, (l) => l.target);
    const mediaOf = groupBy(media, (m) => m.target);

    const citationLines = (level: number, target: string) => {
      let out = '';
      for (const c of citationsOf.get(target) ?? []) {
        sourceIds.add(c.source_id);
        out += w.raw(level, 'SOUR', sourXref(c.source_id));
        out += w.optional(level + 1, 'PAGE', c.page);
        if (c.quality !== null) out += w.raw(level + 1, 'QUAY', String(c.quality));
        out += w.optional(level + 1, 'NOTE', c.note);
        out += w.extra(level + 1, c.extra, xrefOf);
      }
      return out;
    };
    const noteLinkLines = (level: number, target: string) => {
      let out = '';
      for (const l of notesOf.get(target) ?? []) {
        noteIds.add(l.note_id);
        out += w.raw(level, w.v7 ? 'SNOTE' : 'NOTE', noteXref(l.note_id));
      }
      return out;
    };
    const mediaLines = (level: number, target: string, skip: number | null = null) => {
      let out = '';
      for (const m of mediaOf.get(target) ?? []) {
        if (m.file_id === skip) continue;
        out += objeLines(w, level, m, m.title, false, options.publicUrl, fileIds);
      }
      return out;
    };
    const eventLines = (e: EventRow) => {
      const place = e.place_id === null ? undefined : places.get(e.place_id);
      const { tag, type } = eventTag(e.type, e.custom_type);
      let out = w.text(1, tag, e.value ?? '');
      out += w.optional(2, 'TYPE', type);
      out += dateLines(w, 2, e.date);
      out += placeLines(w, 2, place, xrefOf);
      out += w.optional(2, 'NOTE', e.note);
      out += noteLinkLines(2, `e${e.id}`);
      out += citationLines(2, `e${e.id}`);
      out += mediaLines(2, `e${e.id}`);
      out += w.extra(2, e.extra, xrefOf);
      return out;
    };

    let out = '';
    for (const row of rows) {
      const hidden = isRestricted(row, viewer);
      out += `0 ${indiXref(row.id)} INDI\n`;
      const own = hidden ? [] : (namesOf.get(row.id) ?? []);
      const primary = own[0]?.position === 0 ? own[0] : undefined;
      // A person the imported file gave no name: none again, not the placeholder as a name.
      if (own.length > 0 || row.name !== NO_NAME) {
        out += w.text(1, 'NAME', nameWithSurname(row.name, primary?.surname ?? null));
      }
      for (const name of own) {
        // A ROMN/FONE variant of the name before it (the import's `_VARIANT` mark).
        const [mark, ...extra] = name.extra ?? [];
        const variant = mark?.tag === '_VARIANT' && name !== primary ? mark.value : null;
        const level = variant ? 3 : 2;
        const value = nameWithSurname(name.full_name, name.surname);
        if (variant) out += w.text(2, variant, value);
        else if (name !== primary) out += w.text(1, 'NAME', value);
        if (!variant && (name !== primary || name.kind !== 'birth'))
          out += w.nameType(2, name.kind);
        out += w.optional(level, 'NPFX', name.prefix);
        out += w.optional(level, 'GIVN', name.given);
        out += w.optional(level, 'NICK', name.nickname);
        out += w.optional(level, 'SURN', name.surname);
        out += w.optional(level, 'NSFX', name.suffix);
        out += citationLines(level, `n${name.id}`);
        out += w.extra(level, variant ? extra : name.extra, xrefOf);
      }
      if (!hidden) {
        out += `1 SEX ${row.sex}\n`;
        const list = personEvents.get(row.id) ?? [];
        for (const e of list) out += eventLines(e);
        // Summary fields with no event behind them (persons written before events existed).
        const has = (...types: EventType[]) => list.some((e) => types.includes(e.type));
        if (!has('birth', 'christening'))
          out += summaryEvent(w, 'BIRT', row.birth_year, row.birth_date, row.birth_place);
        if (!has('death', 'burial'))
          out += summaryEvent(w, 'DEAT', row.death_year, row.death_date, row.death_place);
        out += w.optional(1, 'NOTE', row.biography);
        out += noteLinkLines(1, `p${row.id}`);
        out += citationLines(1, `p${row.id}`);
        const photo = row.photo_file_id === null ? undefined : photos.get(row.photo_file_id);
        if (photo) {
          const title = mediaOf.get(`p${row.id}`)?.find((m) => m.file_id === photo.id)?.title;
          out += objeLines(w, 1, photo, title ?? null, true, options.publicUrl, fileIds);
        }
        out += mediaLines(1, `p${row.id}`, photo?.id ?? null);
        if (row.is_living) out += '1 _LIVING Y\n';
        if (row.birth_order !== null) out += `1 _BORD ${row.birth_order}\n`;
        out += w.extra(1, row.extra, xrefOf);
      }
      const father = keep(row.father_id);
      const mother = row.mother_visible ? keep(row.mother_id) : null;
      if (father !== null || mother !== null) out += `1 FAMC ${famXref(father, mother)}\n`;
      for (const other of otherFamiliesOf.get(row.id) ?? []) {
        out += `1 FAMC ${other.key}\n`;
        out += w.pedigree(2, other.relation);
      }
      for (const key of familiesOf.get(row.id) ?? []) out += `1 FAMS ${key}\n`;
    }
    for (const [key, family] of owned) {
      out += `0 ${key} FAM\n`;
      if (family.father !== null) out += `1 HUSB ${indiXref(family.father)}\n`;
      if (family.mother !== null) out += `1 WIFE ${indiXref(family.mother)}\n`;
      for (const childId of [...family.children, ...family.others])
        out += `1 CHIL ${indiXref(childId)}\n`;
      const union = family.union;
      if (union) {
        for (const e of unionEvents.get(union.id) ?? []) out += eventLines(e);
        out += noteLinkLines(1, `u${union.id}`);
        out += citationLines(1, `u${union.id}`);
        out += w.extra(1, union.extra, xrefOf);
      }
    }
    yield out;
    if (rows.length < BATCH) break;
  }

  // --- Sources ---------------------------------------------------------------------------
  let lastSource = 0;
  for (;;) {
    await setImmediate();
    const rows = await queryRows<SourceRow>(
      db,
      sql`select id, kind, title, author, publication, repository, call_number, url, told_date,
            told_place_id, text, note, extra
          from sources where id > ${lastSource} order by id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    lastSource = rows[rows.length - 1]?.id ?? lastSource;
    const written = everyRecord ? rows : rows.filter((s) => sourceIds.has(s.id));
    const ids = written.map((s) => s.id);
    const links = await queryRows<{ source_id: number; note_id: number }>(
      db,
      sql`select l.source_id, l.note_id from note_links l join notes n on n.id = l.note_id
          where l.source_id = any(${intArray(ids)}) and ${noteVisible}
          order by l.position, l.id`,
    );
    const media = await queryRows<MediaRow & { source_id: number }>(
      db,
      sql`select l.source_id, '' as target, l.file_id, l.title, f.name, f.mime_type
          from media_links l join files f on f.id = l.file_id
          where l.source_id = any(${intArray(ids)}) order by l.position, l.id`,
    );
    const places = await placeChains(
      db,
      written.flatMap((s) => (s.told_place_id === null ? [] : [s.told_place_id])),
    );
    const linksOf = groupBy(links, (l) => l.source_id);
    const mediaOf = groupBy(media, (m) => m.source_id);
    await pointers.load([
      ...written.map((s) => s.extra),
      ...[...places.values()].map((p) => p.extra),
    ]);
    const xrefOf = pointerXref('sources', lastSource);
    let out = '';
    for (const s of written) {
      out += `0 ${sourXref(s.id)} SOUR\n`;
      out += w.text(1, 'TITL', s.title);
      out += w.optional(1, 'AUTH', s.author);
      out += w.optional(1, 'PUBL', s.publication);
      out += w.optional(1, 'TEXT', s.text);
      // The repository is a REPO record of its own, named after the source; the citation's
      // lines the site does not model follow its pointer.
      const citation = s.extra?.find(isRepositoryCitation);
      if (s.repository !== null || s.call_number !== null || citation) {
        if (s.repository !== null) out += `1 REPO ${repoXref(s.id)}\n`;
        else out += w.v7 ? '1 REPO @VOID@\n' : '1 REPO\n';
        out += w.optional(2, 'CALN', s.call_number);
        out += w.extra(2, citation?.children, xrefOf);
      }
      out += w.optional(1, 'WWW', s.url);
      if (s.kind !== 'other') out += `1 _TYPE ${s.kind.toUpperCase()}\n`;
      const told = s.told_place_id === null ? undefined : places.get(s.told_place_id);
      if (s.told_date !== null || told !== undefined) {
        out += '1 DATA\n';
        out += dateLines(w, 2, s.told_date);
        out += placeLines(w, 2, told, xrefOf);
      }
      out += w.optional(1, 'NOTE', s.note);
      for (const l of linksOf.get(s.id) ?? []) {
        noteIds.add(l.note_id);
        out += w.raw(1, w.v7 ? 'SNOTE' : 'NOTE', noteXref(l.note_id));
      }
      for (const m of mediaOf.get(s.id) ?? [])
        out += objeLines(w, 1, m, m.title, false, options.publicUrl, fileIds);
      out += w.extra(
        1,
        s.extra?.filter((node) => node !== citation),
        xrefOf,
      );
      if (s.repository !== null) {
        out += `0 ${repoXref(s.id)} REPO\n`;
        out += w.text(1, 'NAME', s.repository);
      }
    }
    yield out;
    if (rows.length < BATCH) break;
  }

  // --- Shared notes ------------------------------------------------------------------------
  let lastNote = 0;
  for (;;) {
    await setImmediate();
    const rows = await queryRows<NoteRow>(
      db,
      sql`select n.id, n.text, n.is_private, n.extra from notes n
          where n.id > ${lastNote} and ${noteVisible} order by n.id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    lastNote = rows[rows.length - 1]?.id ?? lastNote;
    await pointers.load(rows.map((n) => n.extra));
    const xrefOf = pointerXref('notes', lastNote);
    let out = '';
    for (const n of rows) {
      if (!everyNote && !noteIds.has(n.id)) continue;
      out += w.text(0, `${noteXref(n.id)} ${w.v7 ? 'SNOTE' : 'NOTE'}`, n.text);
      if (n.is_private) out += '1 RESN PRIVACY\n';
      out += w.extra(1, n.extra, xrefOf);
    }
    yield out;
    if (rows.length < BATCH) break;
  }

  // --- Media objects (7.0: an OBJE link always points to a record) --------------------------
  if (w.v7) {
    const ids = [...fileIds].sort((a, b) => a - b);
    for (let k = 0; k < ids.length; k += BATCH) {
      await setImmediate();
      const rows = await queryRows<FileRow>(
        db,
        sql`select id, name, mime_type from files where id = any(${intArray(ids.slice(k, k + BATCH))})
            order by id`,
      );
      let out = '';
      for (const f of rows) {
        out += `0 ${objeXref(f.id)} OBJE\n`;
        out += w.text(1, 'FILE', fileUrl(options.publicUrl, f.id));
        out += w.raw(2, 'FORM', w.form(f.mime_type, f.name));
        out += w.text(2, 'TITL', f.name);
      }
      yield out;
    }
  }
  yield '0 TRLR\n';
}

function fileUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/api/files/${id}/download/`;
}

/** An OBJE link: 5.5.1 inline (FILE, FORM, TITL), 7.0 a pointer with the link's TITL. */
function objeLines(
  w: GedcomWriter,
  level: number,
  file: { file_id?: number; id?: number; name: string; mime_type: string },
  title: string | null,
  primary: boolean,
  publicUrl: string,
  fileIds: Set<number>,
): string {
  const id = file.file_id ?? file.id ?? 0;
  let out: string;
  if (w.v7) {
    fileIds.add(id);
    out = w.raw(level, 'OBJE', objeXref(id));
    out += w.optional(level + 1, 'TITL', title);
  } else {
    out = w.raw(level, 'OBJE');
    out += w.text(level + 1, 'FILE', fileUrl(publicUrl, id));
    out += w.raw(level + 2, 'FORM', w.form(file.mime_type, file.name));
    out += w.optional(level + 2, 'TITL', title);
  }
  if (primary) out += w.raw(level + 1, '_PRIM', 'Y');
  return out;
}

function dateLines(w: GedcomWriter, level: number, date: EventDate | null): string {
  if (date === null) return '';
  const formatted = formatEventDate(date, w.version);
  let out =
    formatted.date === '' ? `${level} DATE\n` : `${level} DATE ${w.escape(formatted.date)}\n`;
  // 5.5.1 has no PHRASE: the phrase of a qualified date (rare) goes the 7.0 way all the same.
  out += w.optional(level + 1, 'PHRASE', formatted.phrase);
  return out;
}

function placeLines(
  w: GedcomWriter,
  level: number,
  place: PlaceRow | undefined,
  xrefOf: (target: GedcomExtraTarget) => string | null,
): string {
  if (place === undefined) return '';
  let out = w.text(level, 'PLAC', place.chain);
  // Other names: GEDCOM 5.5.1 has only ROMN and FONE under PLAC for a variant of the place
  // name (with a TYPE of our choosing), 7.0 only TRAN (with a LANG; `und`, undetermined, as we
  // do not record a name's language). Each variant is the whole chain with one place renamed,
  // as both standards mean it, so that our import (placeVariants) knows which place it renames.
  for (const variant of place.variants) {
    out += w.text(level + 1, w.v7 ? 'TRAN' : 'ROMN', variant);
    out += w.v7 ? `${level + 2} LANG und\n` : `${level + 2} TYPE alternative\n`;
  }
  if (place.latitude !== null && place.longitude !== null) {
    out += `${level + 1} MAP\n`;
    out += `${level + 2} LATI ${place.latitude < 0 ? 'S' : 'N'}${Math.abs(place.latitude)}\n`;
    out += `${level + 2} LONG ${place.longitude < 0 ? 'W' : 'E'}${Math.abs(place.longitude)}\n`;
  }
  out += w.extra(level + 1, place.extra, xrefOf);
  return out;
}

/** A birth or death from the tree's summary fields, as written before events existed. */
function summaryEvent(
  w: GedcomWriter,
  tag: string,
  year: number | null,
  date: string | null,
  place: string | null,
): string {
  const formatted = formatGedcomDate(year, date, w.version);
  if (!formatted && !place) return '';
  let out = `1 ${tag}\n`;
  if (formatted) {
    out += formatted.date === '' ? '2 DATE\n' : `2 DATE ${w.escape(formatted.date)}\n`;
    if (formatted.phrase) out += `3 PHRASE ${w.escape(formatted.phrase)}\n`;
  }
  if (place) out += `2 PLAC ${w.escape(place)}\n`;
  return out;
}

/**
 * Places by id with their whole chain of parent places ("Ат-Башы, Нарын, Кыргызстан") and the
 * chain's variants, one per other name of a place in it.
 */
async function placeChains(db: Db, ids: number[]): Promise<Map<number, PlaceRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<Omit<PlaceRow, 'chain' | 'variants'>>(
    db,
    sql`select id, latitude, longitude, extra from places where id = any(${intArray(unique)})`,
  );
  const levels = await queryRows<{ start_id: number; name: string; alt_names: string[] }>(
    db,
    sql`with recursive chain(start_id, id, name, alt_names, parent_id, depth) as (
          select p.id, p.id, p.name, p.alt_names, p.parent_id, 0 from places p
          where p.id = any(${intArray(unique)})
          union all
          select c.start_id, q.id, q.name, q.alt_names, q.parent_id, c.depth + 1
          from chain c join places q on q.id = c.parent_id
          where c.depth < ${MAX_PARENT_DEPTH})
        select start_id, name, alt_names from chain order by start_id, depth`,
  );
  const chains = groupBy(levels, (l) => l.start_id);
  return new Map(
    rows.map((row) => {
      const chain = chains.get(row.id) ?? [];
      // A comma of a name would split it into two places when read back (placeChain).
      const item = (name: string) => name.replaceAll(',', PLACE_NAME_COMMA);
      const names = chain.map((l) => item(l.name));
      const variants = chain.flatMap((l, level) =>
        l.alt_names.map((alt) => names.map((n, k) => (k === level ? item(alt) : n)).join(', ')),
      );
      return [row.id, { ...row, chain: names.join(', '), variants }];
    }),
  );
}
