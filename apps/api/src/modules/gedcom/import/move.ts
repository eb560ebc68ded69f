import { getTableName, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import {
  citations,
  events,
  type gedcomJobs,
  nameKeys,
  noteLinks,
  personNames,
  unions,
} from '../../../db/schema';
import { releaseBlobs } from '../../../files/file-blobs';
import { storeImportedFiles, type ImportedFile } from '../../../files/imported-files';
import { personsTable } from '../../../genealogy/person-table';
import { recomputePresumedLiving } from '../../../genealogy/presumed-living';
import { lockTree } from '../../../genealogy/tree';
import { invalidateTreeCaches } from '../../../genealogy/tree-cache';
import { GedcomError } from '../read/report';
import type { JobReport } from '../jobs/job-rows';
import type { RowOf } from '../rows';
import type { unionRows } from './families';
import type { MediaOptions } from './gedzip-media';
import type { RecordIds } from './map-record';
import type { MediaLinks } from './media-links';
import { deleteTree, deleteUnlinkedImportedFiles } from './replace-tree';
import { clearStaging, STAGED_RECORDS } from './staging';

/**
 * The move: the staged rows go into `persons`, `unions`, `places`, `sources`, `notes`,
 * `person_names`, `events`, `citations`, `note_links` and `parent_families` by one
 * INSERT … SELECT each, in one transaction — the only moment the tree is locked — which also
 * stores a GEDZip's files and writes their links. A replacing import deletes the old tree in
 * that same transaction (replace-tree.ts).
 */

/** What the move writes besides the staged rows. */
export interface Move {
  jobId: string;
  places: RecordIds['places'];
  unions: ReturnType<typeof unionRows>;
  media: MediaLinks;
  /** Where a GEDZip archive's files are stored, and whose they become. */
  files: MediaOptions | undefined;
  replace: boolean;
  /** How many persons the import brings. */
  total: number;
  /** On PGlite, which answers one query at a time: readers wait for the whole move anyway. */
  embedded: boolean;
  /** The job's report (encoding, warnings), written with its status `done` in the commit. */
  report: JobReport;
  /** Told the files the move stores, before it stores them: a failure releases their blobs. */
  onStoring(files: readonly ImportedFile[]): void;
  /** Run last in the move's transaction (a merging import's merges: merge-apply.ts). */
  inTransaction?: (tx: Db) => Promise<void>;
}

/** On PGlite, an import this many times larger than the tree it lands in is loaded in bulk. */
const BULK_RATIO = 10;

/**
 * Whether the move drops the bulk tables' indexes and builds them again after the load: several
 * times faster than keeping them row by row, but a dropped index locks its table against every
 * reader until the commit (a person's page waited 192 s during a 200 000-person import). On
 * PostgreSQL that is done only into an empty tree, with nothing to read; PGlite's readers wait
 * for the whole move anyway, so it loads in bulk whenever the import dwarfs the tree (a
 * replaced tree is empty once deleted).
 */
export function loadsInBulk(move: Pick<Move, 'embedded' | 'replace' | 'total'>, persons: number) {
  if (!move.embedded) return persons === 0;
  return move.replace || persons * BULK_RATIO < move.total;
}

const PERSONS = getTableName(personsTable);

/**
 * Tables whose indexes (and foreign keys, `persons` excepted) a bulk load drops and makes
 * again: their rows grow with the persons.
 */
const BULK_TABLES = [personsTable, personNames, events, citations, noteLinks].map(getTableName);

/**
 * Drops every index of the bulk tables but their primary keys (which the foreign keys need),
 * and the foreign keys of the tables other than `persons` (checked once per table afterwards,
 * by one join, instead of once per row); answers the statements that make them again, exactly
 * as the migrations made them, to be run after the load.
 */
async function dropSecondaryIndexes(tx: Db): Promise<string[]> {
  const tables = sql.join(
    BULK_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${tables})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`select c.conrelid::regclass::text as table, c.conname as name,
          pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        where c.contype = 'f' and c.conrelid::regclass::text in (${tables})
          and c.conrelid::regclass::text <> ${PERSONS}`,
  );
  // Sorting a million rows for each index wants more than the default 64 MB.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const key of foreignKeys) {
    await tx.execute(sql.raw(`alter table ${key.table} drop constraint "${key.name}"`));
  }
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  return [
    ...indexes.map((index) => index.definition),
    ...foreignKeys.map(
      (key) => `alter table ${key.table} add constraint "${key.name}" ${key.definition}`,
    ),
  ];
}

/** A PostgreSQL array literal, sent as one text parameter. */
function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 't' : 'f';
    return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** Moves the staged import into the tree; answers the blobs of the old tree's files it removed. */
export async function moveIntoTree(db: Db, move: Move): Promise<(string | null)[]> {
  const [existing] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${personsTable}`,
  );
  const bulk = loadsInBulk(move, existing?.count ?? 0);
  const stored = move.media.storedFiles();
  let removedBlobs: (string | null)[] = [];
  await db.transaction(async (tx) => {
    // A process starting meanwhile may have taken this job for abandoned (this one lost its
    // lock connection) and removed its staged rows: then move nothing. The row lock makes
    // such a clean-up wait until this transaction ends.
    const [job] = await queryRows<Pick<RowOf<typeof gedcomJobs>, 'status'>>(
      tx,
      sql`select status from gedcom_jobs where id = ${move.jobId}::uuid for update`,
    );
    if (job && job.status !== 'running') throw new GedcomError('Импорт токтотулду.');
    await lockTree(tx);
    if (move.replace) await deleteTree(tx);
    if (stored.length > 0 && move.files?.ownerId) {
      // Before: a failure halfway may already have committed a blob.
      move.onStoring(stored);
      // Links to a file stored before (the same name and bytes) go to that file.
      move.media.reuse(await storeImportedFiles(tx, move.files, move.files.ownerId, stored));
    }
    const indexes = bulk ? await dropSecondaryIndexes(tx) : [];
    await insertRecords(tx, move);
    await insertMedia(tx, move.media);
    for (const definition of indexes) await tx.execute(sql.raw(definition));
    // The old tree's imported files that nothing links to any more go with it.
    if (move.replace) removedBlobs = await deleteUnlinkedImportedFiles(tx);
    // Done in the same commit: a process dying right after it cannot leave the job unfinished
    // (and then failed as abandoned) while its persons are in the tree.
    await tx.execute(sql`update gedcom_jobs set status = 'done', error = null,
        processed = ${move.total}, total = ${move.total}, persons_created = ${move.total},
        report = ${JSON.stringify(move.report)}::jsonb, finished_at = now(), updated_at = now()
      where id = ${move.jobId}::uuid`);
    await move.inTransaction?.(tx);
    // Before the commit: no guest reads the imported persons before the rule has.
    await recomputePresumedLiving(tx);
  });
  return removedBlobs;
}

/** The places, the persons, their unions and every staged record, into the tree. */
async function insertRecords(tx: Db, move: Move): Promise<void> {
  const { jobId, places, unions: unionColumns } = move;
  if (places.rows.length > 0) {
    await tx.execute(sql`insert into places (id, name, name_key, alt_names, parent_id,
        latitude, longitude)
      select r.id, r.name, r.name_key, r.alt_names, r.parent_id, r.latitude, r.longitude
      from jsonb_populate_recordset(null::places, ${JSON.stringify(places.rows)}::jsonb) r`);
  }
  // Other names the file gives places already in the tree are added to theirs.
  for (const [id, names] of places.added) {
    await tx.execute(sql`update places set alt_names = ${arrayLiteral(names)}::text[], updated_at = now()
      where id = ${id}`);
  }
  await tx.execute(sql`insert into name_keys (key)
    select name_key from gedcom_staging where job_id = ${jobId}::uuid
    union select name_key from gedcom_staging_names where job_id = ${jobId}::uuid
    on conflict do nothing`);
  await tx.execute(sql`insert into ${personsTable} (id, name, name_key, father_name_key, sex,
      father_id, mother_id, path, depth, descendant_count, birth_year, death_year,
      birth_date, death_date, birth_place, death_place, biography, is_living, resn, birth_order,
      birth_year_source, death_year_source, extra, created_by_id, updated_by_id)
    select id, name, name_key, father_name_key, sex, father_id, mother_id, path, depth,
      descendant_count, birth_year, death_year, birth_date, death_date, birth_place,
      death_place, biography, is_living, resn, birth_order, birth_year_source, death_year_source,
      extra, null, null
    from gedcom_staging where job_id = ${jobId}::uuid`);
  if (unionColumns.ids.length > 0) {
    await tx.execute(sql`insert into unions (id, person1_id, person2_id, person1_position,
        person2_position, extra) overriding system value
      select t.id, t.p1, t.p2, t.pos1, t.pos2, s.extra
      from unnest(${arrayLiteral(unionColumns.ids)}::int[],
        ${arrayLiteral(unionColumns.firsts)}::int[], ${arrayLiteral(unionColumns.seconds)}::int[],
        ${arrayLiteral(unionColumns.firstPositions)}::int[],
        ${arrayLiteral(unionColumns.secondPositions)}::int[]) as t(id, p1, p2, pos1, pos2)
      left join gedcom_staging_unions s
        on s.job_id = ${jobId}::uuid and s.id = t.id`);
  }
  for (const { staging, table, columns } of STAGED_RECORDS) {
    if (table === null) continue;
    const list = sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    await tx.execute(sql`insert into ${sql.identifier(table)} (${list})
      select ${list} from ${sql.identifier(staging)} where job_id = ${jobId}::uuid`);
  }
}

/** The persons' primary photos and the media links of a GEDZip archive's files. */
async function insertMedia(tx: Db, media: MediaLinks): Promise<void> {
  const { photos, links } = media;
  if (photos.length > 0) {
    await tx.execute(sql`update ${personsTable} p set photo_file_id = t.file_id
      from unnest(${arrayLiteral(photos.map((p) => p.person))}::int[],
        ${arrayLiteral(photos.map((p) => p.file))}::int[]) as t(id, file_id)
      where p.id = t.id`);
  }
  if (links.length > 0) {
    await tx.execute(sql`insert into media_links (file_id, person_id, event_id, source_id,
        title, position)
      select r.file_id, r.person_id, r.event_id, r.source_id, r.title, r.position
      from jsonb_populate_recordset(null::media_links, ${JSON.stringify(links)}::jsonb) r`);
  }
}

/**
 * After the move: the tree's caches are stale, the old tree's blobs can go now that their rows
 * are gone for good (kept when another row names them), and the staged rows are cleared.
 */
export async function afterMove(
  db: Db,
  jobId: string,
  removedBlobs: (string | null)[],
  files: MediaOptions | undefined,
): Promise<void> {
  invalidateTreeCaches();
  if (removedBlobs.length > 0 && files) {
    await releaseBlobs({ db, storage: files.storage }, removedBlobs).catch(() => undefined);
  }
  await clearStaging(db, jobId);
}

/**
 * Fresh planner statistics for the tables an import filled (PGlite has no autovacuum, and
 * PostgreSQL's would come only after the first slow queries). The job is reported done before
 * this: nothing a reader sees waits for it.
 */
export async function refreshTreeStatistics(db: Db): Promise<void> {
  for (const table of [personsTable, nameKeys, unions, personNames, events, citations, noteLinks]) {
    await db.execute(sql`analyze ${table}`);
  }
}
