import { setImmediate } from 'node:timers/promises';
import type { GedcomExtraTarget } from '../../../db/schema/records';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { intArray } from '../../../genealogy/person-rows';
import { isRepositoryCitation } from '../conventions';
import type { NoteLinkRow, NoteRow, SourceRow } from '../rows';
import { BATCH, groupBy, noteXref, repoXref, sourXref, type ExportContext } from './context';
import { objeLines, type MediaRow } from './objects';
import { dateLines, placeChains, placeLines, type PlaceChain } from './places';

/**
 * Sources and shared notes, after the persons and families, in keyset pages: every one of a
 * whole-tree export (notes: for a full viewer), else those the written records refer to.
 */

/** What a page of sources links to: notes, media and the places where informants told. */
interface SourceLinks {
  notesOf: Map<number, Pick<NoteLinkRow, 'source_id' | 'note_id'>[]>;
  mediaOf: Map<number, (MediaRow & { source_id: number })[]>;
  places: Map<number, PlaceChain>;
}

export async function* sourceRecords(db: Db, ctx: ExportContext): AsyncGenerator<string> {
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
    const written = ctx.everyRecord ? rows : rows.filter((s) => ctx.sourceIds.has(s.id));
    const links = await sourceLinks(db, ctx, written);
    await ctx.pointers.load([
      ...written.map((s) => s.extra),
      ...[...links.places.values()].map((p) => p.extra),
    ]);
    const xrefOf = ctx.pointerXref('sources', lastSource);
    let out = '';
    for (const s of written) out += sourceLines(ctx, s, links, xrefOf);
    yield out;
    if (rows.length < BATCH) break;
  }
}

async function sourceLinks(db: Db, ctx: ExportContext, written: SourceRow[]): Promise<SourceLinks> {
  const ids = written.map((s) => s.id);
  const links = await queryRows<Pick<NoteLinkRow, 'source_id' | 'note_id'>>(
    db,
    sql`select l.source_id, l.note_id from note_links l join notes n on n.id = l.note_id
        where l.source_id = any(${intArray(ids)}) and ${ctx.noteVisible}
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
  return {
    notesOf: groupBy(links, (l) => l.source_id),
    mediaOf: groupBy(media, (m) => m.source_id),
    places,
  };
}

/** A SOUR record, and the REPO record of its repository. */
function sourceLines(
  ctx: ExportContext,
  s: SourceRow,
  links: SourceLinks,
  xrefOf: (target: GedcomExtraTarget) => string | null,
): string {
  const { w } = ctx;
  let out = `0 ${sourXref(s.id)} SOUR\n`;
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
  const told = s.told_place_id === null ? undefined : links.places.get(s.told_place_id);
  if (s.told_date !== null || told !== undefined) {
    out += '1 DATA\n';
    out += dateLines(w, 2, s.told_date);
    out += placeLines(w, 2, told, xrefOf);
  }
  out += w.optional(1, 'NOTE', s.note);
  for (const l of links.notesOf.get(s.id) ?? []) {
    ctx.noteIds.add(l.note_id);
    out += w.raw(1, w.v7 ? 'SNOTE' : 'NOTE', noteXref(l.note_id));
  }
  for (const m of links.mediaOf.get(s.id) ?? []) out += objeLines(ctx, 1, m, m.title, false);
  out += w.extra(
    1,
    s.extra?.filter((node) => node !== citation),
    xrefOf,
  );
  if (s.repository !== null) {
    out += `0 ${repoXref(s.id)} REPO\n`;
    out += w.text(1, 'NAME', s.repository);
  }
  return out;
}

export async function* noteRecords(db: Db, ctx: ExportContext): AsyncGenerator<string> {
  const { w } = ctx;
  let lastNote = 0;
  for (;;) {
    await setImmediate();
    const rows = await queryRows<NoteRow>(
      db,
      sql`select n.id, n.text, n.is_private, n.extra from notes n
          where n.id > ${lastNote} and ${ctx.noteVisible} order by n.id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    lastNote = rows[rows.length - 1]?.id ?? lastNote;
    await ctx.pointers.load(rows.map((n) => n.extra));
    const xrefOf = ctx.pointerXref('notes', lastNote);
    let out = '';
    for (const n of rows) {
      if (!ctx.everyNote && !ctx.noteIds.has(n.id)) continue;
      out += w.text(0, `${noteXref(n.id)} ${w.v7 ? 'SNOTE' : 'NOTE'}`, n.text);
      if (n.is_private) out += '1 RESN PRIVACY\n';
      out += w.extra(1, n.extra, xrefOf);
    }
    yield out;
    if (rows.length < BATCH) break;
  }
}
