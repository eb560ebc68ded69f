import { setImmediate } from 'node:timers/promises';
import type { EventType } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { personsTable } from '../../../genealogy/person-table';
import { intArray } from '../../../genealogy/person-rows';
import { isRestricted, motherLinkVisible, type Viewer } from '../../../genealogy/privacy';
import { NO_NAME } from '../conventions';
import type { NameRow, PersonRow } from '../rows';
import { BATCH, indiXref, type ExportContext } from './context';
import {
  batchFamilies,
  familyLines,
  familyLinks,
  referencedPersons,
  type BatchFamilies,
} from './families';
import { objeLines } from './objects';
import { summaryEvent } from './places';
import { famXref } from './pointers';
import { BatchRecords } from './records';
import { nameWithSurname } from './writer';

/**
 * Individuals and families, streamed batch by batch in lineage order (keyset pages on
 * `path, id`): each batch writes its persons' INDI records and the FAM records they own. What
 * the reader may not see of living persons (all but the name and the father line: privacy.ts)
 * is left out, links included.
 */

/** A person as the export reads it (`mother_visible`: the viewer may see the mother link). */
type IndividualRow = Pick<
  PersonRow,
  | 'id'
  | 'name'
  | 'sex'
  | 'father_id'
  | 'mother_id'
  | 'path'
  | 'birth_year'
  | 'death_year'
  | 'birth_date'
  | 'death_date'
  | 'birth_place'
  | 'death_place'
  | 'biography'
  | 'is_living'
  | 'presumed_living'
  | 'is_private'
  | 'resn'
  | 'birth_order'
  | 'photo_file_id'
  | 'extra'
> & { mother_visible: boolean };

const columns = (viewer: Viewer) => sql`p.id, p.name, p.sex, p.father_id, p.mother_id, p.path,
  p.birth_year, p.death_year, p.birth_date, p.death_date, p.birth_place, p.death_place,
  p.biography, p.is_living, p.presumed_living, p.is_private, p.resn, p.birth_order, p.photo_file_id, p.extra,
  ${motherLinkVisible(viewer)} as mother_visible`;

/** Whether a person is in the file, by id: `keep` answers the id if so, else null. */
type Keep = (id: number | null) => number | null;

export async function* individualsAndFamilies(db: Db, ctx: ExportContext): AsyncGenerator<string> {
  let last: { path: number[]; id: number } | null = null;
  // Whether each person met so far is exported too (always, for the whole tree).
  const inScope = new Map<number, boolean>();
  for (;;) {
    await setImmediate();
    const after = last ? sql`and (p.path, p.id) > (${intArray(last.path)}, ${last.id})` : sql``;
    const rows: IndividualRow[] = await queryRows<IndividualRow>(
      db,
      sql`select ${columns(ctx.viewer)} from ${personsTable} p where ${ctx.scope} ${after}
          order by p.path, p.id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const tail = rows[rows.length - 1];
    if (tail) last = { path: tail.path, id: tail.id };
    yield await batchLines(db, ctx, rows, inScope);
    if (rows.length < BATCH) break;
  }
}

/** A batch's INDI records and the FAM records it owns. */
async function batchLines(
  db: Db,
  ctx: ExportContext,
  rows: IndividualRow[],
  inScope: Map<number, boolean>,
): Promise<string> {
  const { viewer } = ctx;
  for (const row of rows) inScope.set(row.id, true);
  const ids = rows.map((row) => row.id);
  const links = await familyLinks(db, ctx, ids);
  const keep = await scopeOf(db, ctx, referencedPersons(rows, links), inScope);
  const families = batchFamilies(links, keep, new Set(ids));
  const records = await BatchRecords.load(
    db,
    ctx,
    {
      shownIds: rows.filter((row) => !isRestricted(row, viewer)).map((row) => row.id),
      unionIds: families.owned.flatMap(([, f]) => (f.union ? [f.union.id] : [])),
      photoIds: rows.flatMap((row) =>
        row.photo_file_id !== null && !isRestricted(row, viewer) ? [row.photo_file_id] : [],
      ),
    },
    {
      persons: rows.map((row) => (isRestricted(row, viewer) ? null : row.extra)),
      unions: families.owned.map(([, f]) => f.union?.extra ?? null),
    },
  );
  let out = '';
  for (const row of rows) out += individualLines(ctx, row, records, families, keep);
  for (const [key, family] of families.owned) out += familyLines(key, family, records);
  return out;
}

/** Looks up which of `refs` the file has (those not met before), one query. */
async function scopeOf(
  db: Db,
  ctx: ExportContext,
  refs: Set<number>,
  inScope: Map<number, boolean>,
): Promise<Keep> {
  const unknown = [...refs].filter((id) => !inScope.has(id));
  if (unknown.length > 0) {
    const present = await queryRows<Pick<PersonRow, 'id'>>(
      db,
      sql`select p.id from ${personsTable} p where p.id = any(${intArray(unknown)}) and ${ctx.scope}`,
    );
    const found = new Set(present.map((row) => row.id));
    for (const id of unknown) inScope.set(id, found.has(id));
  }
  return (id) => (id !== null && inScope.get(id) === true ? id : null);
}

/** An INDI record: names, and for a person the viewer may see, its details; then its families. */
function individualLines(
  ctx: ExportContext,
  row: IndividualRow,
  records: BatchRecords,
  families: BatchFamilies,
  keep: Keep,
): string {
  const { w } = ctx;
  const hidden = isRestricted(row, ctx.viewer);
  let out = `0 ${indiXref(row.id)} INDI\n`;
  out += nameLines(ctx, row, hidden ? [] : (records.namesOf.get(row.id) ?? []), records);
  if (!hidden) {
    out += `1 SEX ${row.sex}\n`;
    const list = records.personEvents.get(row.id) ?? [];
    for (const e of list) out += records.eventLines(e);
    // Summary fields with no event behind them (persons written before events existed).
    const has = (...types: EventType[]) => list.some((e) => types.includes(e.type));
    if (!has('birth', 'christening'))
      out += summaryEvent(w, 'BIRT', row.birth_year, row.birth_date, row.birth_place);
    if (!has('death', 'burial'))
      out += summaryEvent(w, 'DEAT', row.death_year, row.death_date, row.death_place);
    out += w.optional(1, 'NOTE', row.biography);
    out += records.noteLinkLines(1, `p${row.id}`);
    out += records.citationLines(1, `p${row.id}`);
    const photo = row.photo_file_id === null ? undefined : records.photos.get(row.photo_file_id);
    if (photo) {
      const title = records.mediaOf.get(`p${row.id}`)?.find((m) => m.file_id === photo.id)?.title;
      out += objeLines(ctx, 1, photo, title ?? null, true);
    }
    out += records.mediaLines(1, `p${row.id}`, photo?.id ?? null);
    if (row.is_living) out += '1 _LIVING Y\n';
    // Written only where the person is shown: a guest's file shows a restricted person as a
    // living one, without the notice that would tell the two apart.
    if (row.resn !== null) out += `1 RESN ${row.resn}\n`;
    if (row.birth_order !== null) out += `1 _BORD ${row.birth_order}\n`;
    out += w.extra(1, row.extra, records.xrefOf);
  }
  const father = keep(row.father_id);
  const mother = row.mother_visible ? keep(row.mother_id) : null;
  if (father !== null || mother !== null) out += `1 FAMC ${famXref(father, mother)}\n`;
  for (const other of families.otherFamiliesOf.get(row.id) ?? []) {
    out += `1 FAMC ${other.key}\n`;
    out += w.pedigree(2, other.relation);
  }
  for (const key of families.familiesOf.get(row.id) ?? []) out += `1 FAMS ${key}\n`;
  return out;
}

/** A person's NAME lines: the display name with the primary name's parts, then the others. */
function nameLines(
  ctx: ExportContext,
  row: IndividualRow,
  own: NameRow[],
  records: BatchRecords,
): string {
  const { w } = ctx;
  let out = '';
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
    if (!variant && (name !== primary || name.kind !== 'birth')) out += w.nameType(2, name.kind);
    out += w.optional(level, 'NPFX', name.prefix);
    out += w.optional(level, 'GIVN', name.given);
    out += w.optional(level, 'NICK', name.nickname);
    out += w.optional(level, 'SURN', name.surname);
    out += w.optional(level, 'NSFX', name.suffix);
    out += records.citationLines(level, `n${name.id}`);
    out += w.extra(level, variant ? extra : name.extra, records.xrefOf);
  }
  return out;
}
