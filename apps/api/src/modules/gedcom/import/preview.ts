import { rm } from 'node:fs/promises';
import type { GedcomCounts, GedcomPreview } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import type { ArchiveLimits } from '../../../files/zip-archive';
import { personsTable } from '../../../genealogy/person-table';
import { intArray, textArray } from '../../../genealogy/person-rows';
import type { EncodingChoice } from '../read/encoding';
import type { GedcomNode } from '../read/node';
import { readGedcomRecordBatches } from '../read/records';
import { GedcomError, ImportReport } from '../read/report';
import type { PersonRow } from '../rows';
import { personEventOf, unionEventOf } from './events';
import { Couples } from './families';
import { stageMedia, type GedzipArchive, type MediaFiles, type MediaOptions } from './gedzip-media';
import { prepare } from './import';
import { resolveLineage } from './lineage';
import { RecordMapping } from './map-record';
import { OwnerPositions, StagedRecords } from './mapping';
import { stagedMedia } from './media-links';
import { personName, personResn } from './persons';
import { pointer } from './pointers';
import { readStructure } from './read-structure';
import { NO_YEAR, recordKey, type Structure } from './structure';

/**
 * What importing a GEDCOM file would do, without writing anything (a preview comes before any
 * write: docs/genealogy.md, GEDCOM): the import's own first pass (encoding, structure,
 * refusals), a second streaming pass that counts records, finds dangling pointers and
 * unreadable dates and maps each record as the import does (for what the mapping reports), and
 * one query for the file's persons that look like persons already in the tree. Memory holds the
 * import's few integers per individual and the set of distinct place names, never the file.
 */

export type Analysis = Pick<
  GedcomPreview,
  | 'version'
  | 'encoding'
  | 'encoding_reason'
  | 'counts'
  | 'warnings'
  | 'warnings_total'
  | 'refusal'
  | 'look_alikes'
>;

/** How many look-alikes the preview shows by name. */
const EXAMPLES = 5;

/** A person of the tree like the file's individual `index`; `total` counts them all. */
interface LookAlikeRow {
  total: number;
  index: number;
  person_id: PersonRow['id'];
  person_name: PersonRow['name'];
  person_birth_year: PersonRow['birth_year'];
}

/**
 * Individuals of the file with a father whose folded name and father's folded name match a
 * person of the tree (and the birth year, when both have one): one query over the
 * `(name_key, father_name_key)` index, answering the total and the first few.
 */
async function treeLookAlikes(
  db: Db,
  s: Structure,
  father: Int32Array,
): Promise<{ total: number; rows: LookAlikeRow[] }> {
  const indices: number[] = [];
  const names: number[] = [];
  const fathers: number[] = [];
  const years: (number | null)[] = [];
  for (let i = 0; i < s.count; i++) {
    const f = father[i] ?? -1;
    if (s.indiDefined.get(i) !== 1 || f === -1) continue;
    indices.push(i);
    names.push(s.indiNameKey.get(i) + 1);
    fathers.push(s.indiNameKey.get(f) + 1);
    const year = s.indiBirthYear.get(i);
    years.push(year === NO_YEAR ? null : year);
  }
  if (indices.length === 0) return { total: 0, rows: [] };
  const rows = await queryRows<LookAlikeRow>(
    db,
    sql`with keys as (
          select key, n::int from unnest(${textArray(s.keys)}) with ordinality k(key, n)),
        file as (
          select f.i, name.key as name_key, father.key as father_key, f.year
          from unnest(${intArray(indices)}, ${intArray(names)}, ${intArray(fathers)},
                      ${`{${years.map((y) => y ?? 'NULL').join(',')}}`}::int[]) f(i, name, father, year)
          join keys name on name.n = f.name
          join keys father on father.n = f.father)
        select count(*) over ()::int as total, file.i as index, p.id as person_id,
          p.name as person_name, p.birth_year as person_birth_year
        from file cross join lateral (
          select id, name, birth_year from ${personsTable} p
          where p.name_key = file.name_key and p.father_name_key = file.father_key
            and (file.year is null or p.birth_year is null or p.birth_year = file.year)
          order by id limit 1) p
        order by file.i
        limit ${EXAMPLES}`,
  );
  return { total: rows[0]?.total ?? 0, rows };
}

/** Whether the import makes an event of the tag (`_MILT`, `_MIGR` as well as BIRT…). */
const isEvent = (record: GedcomNode, tag: string) =>
  (record.tag === 'INDI' ? personEventOf(tag) : unionEventOf(tag)) !== null;

/**
 * The import's mapping of pass 2 (map-record.ts), its rows thrown away: what it reports
 * (pointers to sources, notes and repositories the file lacks, pointers in kept data to no
 * record, what a family without a couple drops, dates) goes to `report`, as in the import.
 * Ids are only told apart from "no such record".
 */
function previewMapping(s: Structure, report: ImportReport, media: MediaFiles | null) {
  let last = 0;
  const id = () => ++last;
  const index = (found: number | undefined) => (found === undefined ? null : found + 1);
  return new RecordMapping(
    s,
    new Couples(s),
    { idOf: (i) => i + 1, unionBase: 1 },
    {
      report,
      sourceId: (xref) => index(s.sources.get(xref)),
      noteId: (xref) => index(s.notes.get(xref)),
      placeId: () => null,
      repositoryName: (xref) => s.repositories.get(xref),
      newEventId: id,
      newNameId: id,
      newSourceId: id,
      newNoteId: id,
      media: (node) => stagedMedia(node, s, media) !== null,
      positions: () => new OwnerPositions(),
    },
  );
}

/**
 * Pass 2: counts the records, reports what the import would report record by record
 * (dangling pointers to persons and families, and what `mapping` reports), and names the
 * individuals in `wanted`.
 */
async function countRecords(
  path: string,
  choice: EncodingChoice,
  s: Structure,
  report: ImportReport,
  mapping: RecordMapping,
  wanted: Map<number, string>,
): Promise<GedcomCounts> {
  const counts: GedcomCounts = {
    individuals: 0,
    families: 0,
    events: 0,
    sources: 0,
    places: 0,
    notes: 0,
    media: 0,
    restricted: 0,
  };
  let restricted = 0;
  const places = new Set<string>();
  const isMissing = (tag: string, target: string) =>
    tag === 'FAMC' || tag === 'FAMS'
      ? s.famDefined.get(s.famIndex.get(target) ?? -1) !== 1
      : s.indiDefined.get(s.indiIndex.get(target) ?? -1) !== 1;
  const walk = (node: GedcomNode, key: string) => {
    for (const sub of node.children) {
      if (sub.tag === 'PLAC' && sub.value.trim() !== '') places.add(sub.value.trim());
      else if (sub.tag === 'NOTE' && sub.value.trim() !== '' && !sub.pointer) counts.notes++;
      else if (sub.tag === 'OBJE' && sub.value.trim() === '') counts.media++;
      walk(sub, key);
    }
  };
  for await (const records of readGedcomRecordBatches(path, choice))
    for (const record of records) {
      const key = recordKey(record);
      switch (record.tag) {
        case 'INDI':
          counts.individuals++;
          if (personResn(record.children.find((c) => c.tag === 'RESN')?.value) !== null) {
            restricted++;
          }
          if (wanted.has(s.indiIndex.get(key) ?? -1)) {
            wanted.set(s.indiIndex.get(key) ?? -1, personName(record));
          }
          break;
        case 'FAM':
          counts.families++;
          break;
        case 'SOUR':
          counts.sources++;
          break;
        case 'NOTE':
        case 'SNOTE':
          counts.notes++;
          break;
        case 'OBJE':
          counts.media++;
          break;
        default:
          break;
      }
      if (record.tag === 'INDI' || record.tag === 'FAM') {
        for (const node of record.children) {
          if (isEvent(record, node.tag)) {
            counts.events++;
          }
          if (!['FAMC', 'FAMS', 'HUSB', 'WIFE', 'CHIL'].includes(node.tag)) continue;
          const target = pointer(node.value);
          if (target && isMissing(node.tag, target)) {
            report.warn(node.line, key, 'dangling', target);
          }
        }
      }
      walk(record, key);
      mapping.map(record, new StagedRecords());
    }
  counts.places = places.size;
  counts.restricted = restricted;
  return counts;
}

/**
 * Analyses the GEDCOM file or GEDZip archive at `path` against the tree of `db`. A GEDZip's
 * media are checked as the import checks them (`media`: the Files feature's storage and limits,
 * the previewing user as owner), then dropped.
 */
export async function analyseGedcom(
  db: Db,
  path: string,
  limits: ArchiveLimits,
  media?: MediaOptions,
): Promise<Analysis> {
  const report = new ImportReport();
  const gedzipTarget = `${path}.preview.ged`;
  const analysis: Analysis = {
    version: null,
    encoding: null,
    encoding_reason: null,
    counts: null,
    warnings: [],
    warnings_total: 0,
    refusal: null,
    look_alikes: { count: 0, examples: [] },
  };
  let archive: GedzipArchive | null = null;
  // A GEDZip's media, staged as the import stages them: which OBJE links become media links.
  let staged: MediaFiles | null = null;
  try {
    const prepared = await prepare(path, gedzipTarget, report, limits);
    const { source, choice } = prepared;
    archive = prepared.archive;
    const { structure, version } = await readStructure(source, choice, report, archive !== null);
    analysis.version = version;
    const { father } = resolveLineage(structure);
    if (archive && structure.media && media) {
      staged = await stageMedia(db, archive, structure.media, media, report);
    } else if (archive && archive.files.length > 0) {
      report.warn(null, null, 'gedzipMedia', archive.files.length);
    }
    const { total, rows } = await treeLookAlikes(db, structure, father);
    const names = new Map(rows.map((row) => [row.index, '']));
    const mapping = previewMapping(structure, report, staged);
    analysis.counts = {
      ...(await countRecords(source, choice, structure, report, mapping, names)),
      media_files: staged?.files.length ?? 0,
    };
    analysis.look_alikes = {
      count: total,
      examples: rows.map((row) => {
        const year = structure.indiBirthYear.get(row.index);
        return {
          xref: structure.indiIndex.xrefOf(row.index),
          line: structure.indiLine.get(row.index),
          name: names.get(row.index) ?? '',
          birth_year: year === NO_YEAR ? null : year,
          person_id: row.person_id,
          person_name: row.person_name,
          person_birth_year: row.person_birth_year,
        };
      }),
    };
  } catch (error) {
    if (!(error instanceof GedcomError)) throw error;
    analysis.refusal = error.message;
  } finally {
    archive?.close();
    await staged?.discard();
    await rm(gedzipTarget, { force: true });
  }
  return {
    ...analysis,
    encoding: report.encoding,
    encoding_reason: report.encodingReason,
    warnings: report.warnings(),
    warnings_total: report.warningsTotal,
  };
}
