import { rm } from 'node:fs/promises';
import { gedcomMessages } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import type { GedcomJobMerge } from '../../../db/schema';
import { releaseBlobs } from '../../../files/file-blobs';
import type { ArchiveLimits } from '../../../files/zip-archive';
import { importedChecksums, type ImportedFile } from '../../../files/imported-files';
import {
  chooseEncoding,
  encodingLabel,
  notGedcomKind,
  sampleFile,
  type EncodingChoice,
} from '../read/encoding';
import { reportOf } from '../jobs/job-rows';
import { GedcomError, ImportReport } from '../read/report';
import { Couples, unionRows } from './families';
import { GedzipArchive, stageMedia, type MediaFiles, type MediaOptions } from './gedzip-media';
import { countDescendants, resolveLineage } from './lineage';
import { RecordMapping, reserveRecordIds } from './map-record';
import { MediaLinks, type UnionSpouses } from './media-links';
import { applyImportMerge } from './merge-apply';
import { afterMove, moveIntoTree } from './move';
import { readStructure } from './read-structure';
import { stageRecords } from './stage-pass';
import { clearStaging, StagingQueue } from './staging';
import type { Structure } from './structure';

/**
 * GEDCOM import, all or nothing, in passes a reader can follow file by file:
 * 1. read (read-structure.ts): the structure of the file, every individual's xref, name key and
 *    family; a file cut short or a duplicate xref fails the import before anything is written,
 *    while what can be skipped (a dangling pointer, an unknown tag, a stray line) goes into the
 *    import report. It also indexes the sources, notes and repositories, collects the distinct
 *    places and counts names and events;
 * 2. lineage (lineage.ts): fathers, mothers, depths; a loop through any parent fails the import;
 * 3. ids (map-record.ts, places.ts): an id for every record pass 4 can make, the places found
 *    or made;
 * 4. stage (stage-pass.ts): the details, every record mapped (persons.ts, families.ts,
 *    events.ts, sources.ts, notes.ts, with the pointers of pointers.ts and the media links of
 *    media-links.ts) and written batch by batch into the staging tables (staging.ts);
 * 5. move (move.ts): the staged rows into the tree in one transaction — the only moment the
 *    tree is locked.
 * A GEDZip archive's media (gedzip-media.ts) are staged and checked between the passes, linked
 * in pass 4 (the links held in memory: an archive's worth) and stored as files in the move's
 * transaction; a failure releases their blobs.
 * Memory holds a few integers per individual and family, the distinct places and the
 * repositories' names, never the file.
 */

export interface ImportCallbacks {
  onProgress(processed: number, total: number | null): void;
  /** Asked between batches: true stops the import (the app is closing). */
  cancelled(): boolean;
  /** Told when a phase starts ('structure', 'staging', 'moving'), for logs and benchmarks. */
  onPhase?(phase: 'structure' | 'staging' | 'moving'): void;
  /** Collects the encoding and the warnings, also of an import that fails. */
  report?: ImportReport;
  /** The new tree replaces the old one, deleted in the same transaction (replace-tree.ts). */
  replace?: boolean;
  /** Where a GEDZip archive's media go (the Files feature); without it they are not imported. */
  media?: MediaOptions;
  /** What a GEDZip archive may unpack to (files/zip-archive.ts). */
  archiveLimits: ArchiveLimits;
  /** A merging import: the matches to merge (merge-apply.ts), in the move's transaction. */
  merge?: { request: GedcomJobMerge; fileName: string | null; actorId: number | null };
}

export interface ImportResult {
  persons: number;
  /** A merging import: the file's persons merged into tree persons. */
  merged: number;
  version: string;
}

/**
 * The file's encoding after a look at its bytes; other kinds of files are refused. A GEDZip
 * archive's GEDCOM is copied to `gedzipTarget` and read from there; the archive stays
 * open for its media (the caller closes it).
 */
export async function prepare(
  path: string,
  gedzipTarget: string,
  report: ImportReport,
  limits: ArchiveLimits,
): Promise<{ source: string; choice: EncodingChoice; archive: GedzipArchive | null }> {
  let source = path;
  let { head, sample } = await sampleFile(source);
  let kind = notGedcomKind(head);
  let archive: GedzipArchive | null = null;
  try {
    if (kind === 'zip') {
      archive = await GedzipArchive.open(path, limits);
      await archive.extractGedcom(gedzipTarget);
      source = gedzipTarget;
      ({ head, sample } = await sampleFile(source));
      kind = notGedcomKind(head);
      if (kind === 'zip') kind = 'бул ZIP архивинин ичиндеги ZIP архиви';
    }
    if (kind) throw new GedcomError(gedcomMessages.notGedcomKind(kind));
  } catch (error) {
    archive?.close();
    throw error;
  }
  const choice = chooseEncoding(head, sample);
  report.encoding = encodingLabel(choice.encoding);
  report.encodingReason = choice.reason;
  return { source, choice, archive };
}

/**
 * Imports the file at `path` (a GEDCOM file or a GEDZip archive); the caller's job row tracks
 * it (and who started it: imported persons themselves have no `created_by`).
 */
export async function importGedcom(
  database: Database,
  path: string,
  jobId: string,
  callbacks: ImportCallbacks,
): Promise<ImportResult> {
  const report = callbacks.report ?? new ImportReport();
  // A GEDCOM taken out of a GEDZip archive sits beside the upload while it is read.
  const gedzipTarget = `${path}.gedzip.ged`;
  let archive: GedzipArchive | null = null;
  try {
    const prepared = await prepare(path, gedzipTarget, report, callbacks.archiveLimits);
    archive = prepared.archive;
    return await importFile(
      {
        database,
        path: prepared.source,
        choice: prepared.choice,
        jobId,
        callbacks,
        report,
      },
      archive,
    );
  } finally {
    archive?.close();
    await rm(gedzipTarget, { force: true });
  }
}

/** What the import of one file works with, from pass to pass. */
interface ImportRun {
  database: Database;
  /** The GEDCOM to read (taken out of a GEDZip archive). */
  path: string;
  choice: EncodingChoice;
  jobId: string;
  callbacks: ImportCallbacks;
  report: ImportReport;
}

/** What pass 1 found, and the archive's staged media, for pass 2. */
interface FirstPass {
  s: Structure;
  version: string;
  lineage: ReturnType<typeof resolveLineage>;
  media: MediaFiles | null;
}

async function importFile(run: ImportRun, archive: GedzipArchive | null): Promise<ImportResult> {
  const { database, path, choice, callbacks, report } = run;
  const { db } = database;
  callbacks.onPhase?.('structure');
  const { structure: s, version } = await readStructure(path, choice, report, archive !== null);
  const lineage = resolveLineage(s);
  // A GEDZip archive's media are staged (checked, not yet stored) before anything is written.
  let media: MediaFiles | null = null;
  if (archive && s.media && callbacks.media) {
    media = await stageMedia(db, archive, s.media, callbacks.media, report);
  } else if (archive && archive.files.length > 0) {
    report.warn(null, null, 'gedzipMedia', archive.files.length);
  }
  try {
    return await importRecords(run, { s, version, lineage, media });
  } finally {
    // Files stored by the import are no longer staged: this removes only what was not.
    await media?.discard();
  }
}

/** The merges of a merging import, after its rows are in; the job row records what they did. */
async function mergeInTransaction(
  tx: Db,
  jobId: string,
  merge: ImportCallbacks['merge'],
  run: {
    s: Structure;
    idOf: (index: number) => number;
    ids: { blocks: NonNullable<GedcomJobMerge['ids']> };
    report: ImportReport;
  },
): Promise<number> {
  if (!merge) return 0;
  const { s, idOf } = run;
  const done = await applyImportMerge(tx, {
    merge: merge.request,
    fileName: merge.fileName,
    actorId: merge.actorId,
    idOfXref: (xref) => {
      const index = s.indiIndex.get(xref);
      return index === undefined || s.indiDefined.get(index) !== 1 ? undefined : idOf(index);
    },
    ids: run.ids.blocks,
    report: run.report,
  });
  await tx.execute(sql`update gedcom_jobs set merge = ${JSON.stringify(done)}::jsonb,
      persons_created = persons_created - ${done.merges.length},
      report = ${JSON.stringify(reportOf(run.report))}::jsonb
    where id = ${jobId}::uuid`);
  return done.merges.length;
}

/** Passes 3 to 5: the ids, the staged records, the move; a failure clears what was staged. */
async function importRecords(run: ImportRun, first: FirstPass): Promise<ImportResult> {
  const { database, jobId, callbacks, report } = run;
  const { db } = database;
  const { s } = first;
  const { father, mother, depth } = first.lineage;
  const descendants = countDescendants(father, depth);
  const total = s.defined;
  callbacks.onProgress(0, total);

  const couples = new Couples(s);
  const ids = await reserveRecordIds(db, s, couples, callbacks.replace === true);
  const { idOf, unionBase } = ids;
  const spouses: UnionSpouses = (unionId) => {
    const fam = couples.unionFamily[unionId - unionBase] ?? -1;
    return [idOf(s.famHusband.get(fam)), idOf(s.famWife.get(fam))];
  };
  const media = await MediaLinks.reserve(db, s, first.media, spouses, report);
  const mapping = new RecordMapping(s, couples, ids, {
    ...ids.context,
    report,
    media: media.link,
  });
  const queue = new StagingQueue(database, jobId, (processed) =>
    callbacks.onProgress(processed, total),
  );
  let filesStored: readonly ImportedFile[] = [];
  let merged = 0;
  const mergeRequest = callbacks.merge;
  let removedBlobs: (string | null)[] = [];
  try {
    callbacks.onPhase?.('staging');
    await stageRecords({
      path: run.path,
      choice: run.choice,
      report,
      tree: { s, idOf, father, mother, depth, descendants },
      mapping,
      media,
      queue,
      cancelled: () => callbacks.cancelled(),
    });
    const unions = unionRows(s, couples.unionFamily, unionBase, idOf);
    callbacks.onPhase?.('moving');
    removedBlobs = await moveIntoTree(db, {
      jobId,
      places: ids.places,
      unions,
      media,
      files: callbacks.media,
      replace: callbacks.replace === true,
      total,
      embedded: database.kind === 'pglite',
      report: reportOf(report),
      onStoring: (files) => {
        filesStored = files;
      },
      inTransaction: callbacks.merge
        ? async (tx) => {
            merged = await mergeInTransaction(tx, jobId, mergeRequest, { s, idOf, ids, report });
          }
        : undefined,
    });
  } catch (error) {
    await queue.drain();
    await clearStaging(db, jobId);
    // The transaction that stored files failed: their rows are gone, so are their blobs unless
    // another file has the same bytes (should this fail too, the orphan sweep removes them).
    if (filesStored.length > 0 && callbacks.media) {
      await releaseBlobs(
        { db, storage: callbacks.media.storage },
        importedChecksums(filesStored),
      ).catch(() => undefined);
    }
    throw error;
  }
  // Committed: what follows only tidies up, and a failure of it leaves the import done (the
  // sweep clears staged rows of finished jobs).
  await afterMove(database.db, jobId, removedBlobs, callbacks.media).catch(() => undefined);
  return { persons: total - merged, merged, version: first.version };
}
