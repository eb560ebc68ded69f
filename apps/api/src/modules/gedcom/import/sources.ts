import { RECORD_LIMITS, type SourceKind } from '@bagysh/shared';
import type { GedcomExtraNode } from '../../../db/schema';
import { child, type GedcomNode } from '../read/node';
import type { SourceRow } from '../rows';
import {
  dangling,
  dateOf,
  noteText,
  Positions,
  textOrNull,
  type MapContext,
  type MediaOwner,
  type Owner,
  type StagedRecords,
} from './mapping';
import { noteLink } from './notes';
import { isPointer, pointer } from './pointers';

/** Sources: SOUR records, and the citations of them (SOUR lines under any record). */

/**
 * A SOUR under a record, a name, an event or a family → a citation (a 5.5.1 inline source
 * becomes a source record of its own). Returns false when it was not one (kept by the caller).
 */
export function citation(
  node: GedcomNode,
  owner: Owner,
  /** Where the citation's media go: the cited record (a name's: its person). */
  mediaOwner: MediaOwner | { union_id: number },
  positions: Positions,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  let sourceId: number;
  const extra: GedcomExtraNode[] = [];
  if (isPointer(node)) {
    const xref = pointer(node.value);
    if (xref === null) return;
    const id = ctx.sourceId(xref);
    if (id === null) {
      dangling(node, xref, recordKey, ctx);
      return;
    }
    sourceId = id;
  } else {
    sourceId = ctx.newSourceId();
    const text = node.value.trim();
    const quoted = child(node, 'TEXT')?.value.trim() || null;
    out.sources.push({
      id: sourceId,
      kind: 'other',
      title: (text || quoted || 'Булак').slice(0, RECORD_LIMITS.titleMaxLength),
      author: null,
      publication: null,
      repository: null,
      call_number: null,
      url: null,
      told_date: null,
      told_place_id: null,
      text: text.length > RECORD_LIMITS.titleMaxLength ? text : quoted,
      note: null,
      extra: null,
    });
  }
  let page: string | null = null;
  let quality: number | null = null;
  const notes: string[] = [];
  for (const c of node.children) {
    if (c.tag === 'PAGE') page = textOrNull(c.value);
    else if (c.tag === 'QUAY' && /^[0-3]$/.test(c.value.trim())) quality = Number(c.value.trim());
    else if (c.tag === 'NOTE' && !isPointer(c)) notes.push(noteText(c, recordKey, ctx));
    else if (c.tag === 'TEXT' && !isPointer(node)) continue;
    else if (c.tag === 'OBJE' && ctx.media(c, mediaOwner, 'citation')) continue;
    else extra.push(ctx.keep(c));
  }
  out.citations.push({
    ...owner,
    source_id: sourceId,
    page,
    quality,
    note: notes.length > 0 ? notes.join('\n\n') : null,
    position: positions.take(),
    extra: extra.length > 0 ? extra : null,
  });
}

const SOURCE_KINDS_BY_TAG: Record<string, SourceKind> = {
  BOOK: 'book',
  ARCHIVE: 'archive',
  WEB: 'web',
  INFORMANT: 'informant',
  OTHER: 'other',
};

/** A SOUR record → a source, with its note links. */
export function mapSource(
  record: GedcomNode,
  id: number,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  const row: SourceRow = {
    id,
    kind: 'other',
    title: '',
    author: null,
    publication: null,
    repository: null,
    call_number: null,
    url: null,
    told_date: null,
    told_place_id: null,
    text: null,
    note: null,
    extra: null,
  };
  const extra: GedcomExtraNode[] = [];
  const notes: string[] = [];
  const links = new Positions();
  const owner = { source_id: id };
  let abbreviation: string | null = null;
  for (const node of record.children) {
    const value = textOrNull(node.value);
    const known =
      node.tag === '_TYPE' ? SOURCE_KINDS_BY_TAG[node.value.trim().toUpperCase()] : null;
    if (known) row.kind = known;
    else if (node.tag === 'TITL' && value) row.title = value.slice(0, RECORD_LIMITS.titleMaxLength);
    else if (node.tag === 'ABBR') abbreviation = value;
    else if (node.tag === 'AUTH') row.author = value;
    else if (node.tag === 'PUBL') row.publication = value;
    else if (node.tag === 'TEXT') row.text = value;
    else if ((node.tag === 'WWW' || node.tag === '_URL') && !row.url) row.url = value;
    else if (node.tag === 'REPO' && row.repository === null) {
      // The repository is the source's: the export writes it as a REPO record of its own, and
      // this citation's other lines under its pointer (kept without one: `value` '').
      const xref = pointer(node.value);
      if (xref) {
        const name = ctx.repositoryName(xref);
        if (name === undefined) dangling(node, xref, recordKey, ctx);
        row.repository = name ?? null;
      } else if (!isPointer(node)) row.repository = value;
      const rest: GedcomNode[] = [];
      for (const c of node.children) {
        if (c.tag === 'CALN' && row.call_number === null) row.call_number = textOrNull(c.value);
        else rest.push(c);
      }
      if (rest.length > 0) extra.push({ tag: 'REPO', value: '', children: rest.map(ctx.keep) });
    } else if (node.tag === 'DATA') {
      const rest: GedcomNode[] = [];
      for (const c of node.children) {
        if (c.tag === 'DATE' && row.told_date === null) row.told_date = dateOf(c, recordKey, ctx);
        else if (c.tag === 'PLAC' && row.told_place_id === null && c.value.trim() !== '') {
          row.told_place_id = ctx.placeId(c.value);
        } else if (c.tag === 'EVEN' && row.told_date === null && row.told_place_id === null) {
          // The standard place of a source's date and place; kept when it says more.
          const date = child(c, 'DATE');
          const plac = child(c, 'PLAC');
          if (date) row.told_date = dateOf(date, recordKey, ctx);
          if (plac && plac.value.trim() !== '') row.told_place_id = ctx.placeId(plac.value);
          const more = c.children.filter((e) => e !== date && e !== plac);
          if (c.value.trim() !== '' || more.length > 0) {
            rest.push({ ...c, children: more });
          }
        } else rest.push(c);
      }
      if (rest.length > 0) extra.push({ ...ctx.keep(node), children: rest.map(ctx.keep) });
    } else if (noteLink(node, owner, links, recordKey, ctx, out)) continue;
    else if (node.tag === 'OBJE' && ctx.media(node, owner)) continue;
    else if (node.tag === 'NOTE') notes.push(noteText(node, recordKey, ctx));
    else extra.push(ctx.keep(node));
  }
  row.title =
    row.title || abbreviation?.slice(0, RECORD_LIMITS.titleMaxLength) || row.author || recordKey;
  if (abbreviation && row.title !== abbreviation) {
    extra.unshift({ tag: 'ABBR', value: abbreviation, children: [] });
  }
  row.note = notes.length > 0 ? notes.join('\n\n') : null;
  row.extra = extra.length > 0 ? extra : null;
  out.sources.push(row);
}
