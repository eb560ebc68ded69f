import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  gedcomMessages,
  type GedcomJob,
  type GedcomJobListItem,
  type GedcomRevertResult,
  type PageQuery,
} from '@bagysh/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { gedcomJobs, type GedcomJobMerge } from '../../db/schema';
import { conflict, errorMessages, HttpError, notFound } from '../../lib/http-errors';
import { recomputePresumedLiving } from '../../genealogy/presumed-living';
import { lockTree } from '../../genealogy/tree';
import { invalidateTreeCaches } from '../../genealogy/tree-cache';
import { revertImportMerge } from './import/merge-apply';
import { pageWindow } from '../../lib/pagination';
import { prepareBackup, workDirOf } from '../../backup/backup.service';
import { LocalFileStorage } from '../../files/storage/local-storage';
import {
  ArchiveRefused,
  looksLikeZip,
  NotAZip,
  ZipArchive,
  type ArchiveLimits,
} from '../../files/zip-archive';
import type { MediaOptions } from './import/gedzip-media';
import { importGedcom } from './import/import';
import { refreshTreeStatistics } from './import/move';
import { matchFile } from './import/merge-match';
import { clearAbandonedStaging, clearStaging } from './import/staging';
import { JobQueue } from './jobs/job-queue';
import {
  reportOf,
  sameFile,
  selectJobs,
  storeFile,
  toJob,
  type JobEntry,
  type JobReport,
  whenText,
} from './jobs/job-rows';
import { GedcomError, ImportReport } from './read/report';
import { mergeImportMessages } from './merge-messages';

/**
 * GEDCOM import jobs, shared by every API process on one database.
 *
 * The process that receives an upload keeps it in `DATA_DIR/tmp/gedcom/<job id>/` (processes
 * on one PostgreSQL share one DATA_DIR on one host), records the job in `gedcom_jobs` and
 * queues it in pg-boss, whose worker in any process may run it (on PGlite the one process's).
 * Progress and the state live in `gedcom_jobs`, so
 * any process reports any job, and cancelling is a status another process's runner reads
 * between batches. While a job runs, its runner holds a lock keyed by the job id (on
 * PostgreSQL a session-level advisory lock, which dies with the process).
 *
 * A job whose runner died (kill -9, power loss) is failed cleanly with ABANDONED, its staged
 * rows and its copy of the file removed: at start, and on PostgreSQL every few seconds by
 * every process (a running job whose lock is free has no live runner). A closing process
 * stops taking jobs, stops its running import at the next batch and puts it back in the
 * queue (status queued, file kept), where another process — or this one at its next start —
 * runs it again from the start.
 */

const PERSIST_EVERY_MS = 2000;
/** How often a runner looks whether its job was cancelled (from any process). */
const CANCEL_CHECK_MS = 250;
/** How often each process looks for jobs whose runner died (PostgreSQL). */
const SWEEP_EVERY_MS = 5000;
export const ABANDONED = 'Импорт үзгүлтүккө учурады (сервер токтоп калган). Файлды кайра жүктөңүз.';
/** Advisory-lock namespace of import jobs (first int4 of pg_try_advisory_lock(int4, int4)). */
export const LOCK_JOB = 0x67_65_64_63; // 'gedc'
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNFINISHED: GedcomJob['status'][] = ['queued', 'running'];

interface RunningJob {
  state: GedcomJob;
  /** Cancelled by a user (in any process). */
  cancelled: boolean;
}

/** The job's run ended because this process is closing: it goes back to the queue. */
class Requeued extends Error {}

export class GedcomJobs {
  private readonly running = new Map<string, RunningJob>();
  private readonly db: Db;
  private readonly queue: JobQueue;
  private stopping = false;
  private sweeper: NodeJS.Timeout | undefined;
  /** Where uploads are kept while their job lives: `DATA_DIR/tmp/gedcom/<job id>/`. */
  readonly uploadsDir: string;
  /** Where a replacing import leaves its backup of the tree before it. */
  readonly backupsDir: string;
  private readonly dataDir: string;
  /** The Files feature's storage and limits, for the media of GEDZip archives (and previews). */
  readonly files: Omit<MediaOptions, 'ownerId'>;
  /** What an uploaded GEDZip archive may unpack to. */
  readonly archiveLimits: ArchiveLimits;

  constructor(
    private readonly database: Database,
    options: {
      dataDir: string;
      uploadMaxBytes: number;
      uploadQuotaBytes: number;
      archiveMaxBytes: number;
      archiveMaxEntries: number;
      archiveMaxRatio: number;
    },
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
    this.dataDir = options.dataDir;
    this.files = {
      storage: new LocalFileStorage(join(options.dataDir, 'files')),
      uploadMaxBytes: options.uploadMaxBytes,
      uploadQuotaBytes: options.uploadQuotaBytes,
    };
    this.archiveLimits = {
      maxBytes: options.archiveMaxBytes,
      maxEntries: options.archiveMaxEntries,
      maxRatio: options.archiveMaxRatio,
    };
    this.uploadsDir = join(options.dataDir, 'tmp', 'gedcom');
    this.backupsDir = join(options.dataDir, 'backups');
    this.queue = new JobQueue(database, log);
  }

  /**
   * At start: starts the queue's worker (which runs again the jobs a closing process put
   * back) and clears what dead runners left; on PostgreSQL, sweeps again every few seconds.
   */
  async start(): Promise<void> {
    // The queue first: it creates its schema, which the clean-up asks about queued jobs.
    await this.queue.start((id) => this.runQueued(id));
    await this.cleanUpAbandoned();
    if (this.database.kind === 'postgres') {
      this.sweeper = setInterval(() => {
        this.cleanUpAbandoned().catch((error: unknown) =>
          this.log.error({ err: error }, 'GEDCOM job sweep failed'),
        );
      }, SWEEP_EVERY_MS);
      this.sweeper.unref();
    }
  }

  /**
   * Copies an uploaded file (a multipart file stream) under the data directory and queues
   * it; answers the job id at once. A file cut at the size limit answers 413.
   */
  async receive(
    file: Readable & { truncated?: boolean },
    fileName: string,
    userId: number,
    confirmSameFile = false,
    merge: GedcomJobMerge | null = null,
  ): Promise<string> {
    const id = randomUUID();
    // Held while the file arrives, so that no sweep takes the half-written copy for debris.
    const lock = await this.database.tryHoldLock(LOCK_JOB, id);
    if (!lock) throw new Error(`GEDCOM job ${id} is locked`);
    const dir = join(this.uploadsDir, id);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, 'upload.ged');
      const { sha256, size } = await storeFile(file, path);
      if (file.truncated) throw new HttpError(413, errorMessages.payloadTooLarge);
      await this.checkArchive(path);
      const same = await sameFile(this.db, sha256);
      if (same && !confirmSameFile) {
        throw new HttpError(409, gedcomMessages.sameFile(whenText(new Date(same.imported_at))));
      }
      await this.enqueue({
        id,
        status: 'queued',
        fileName,
        createdById: userId,
        mode: merge ? 'merge' : 'add',
        fileSha256: sha256,
        fileSize: size,
        merge,
      });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      await lock.release();
    }
    return id;
  }

  /**
   * A hostile archive is refused while its upload is answered (400 naming a bad entry, 413
   * for a bomb), before any of it is unpacked; other files pass.
   */
  async checkArchive(path: string): Promise<void> {
    const handle = await open(path, 'r');
    const head = Buffer.alloc(4);
    try {
      await handle.read(head, 0, 4, 0);
    } finally {
      await handle.close();
    }
    if (!looksLikeZip(head)) return;
    try {
      (await ZipArchive.open(path, this.archiveLimits)).close();
    } catch (error) {
      if (error instanceof ArchiveRefused) throw new HttpError(error.statusCode, error.message);
      // Not a readable zip: the preview or the job says so in its own words.
      if (!(error instanceof NotAZip)) throw error;
    }
  }

  /** Records a job whose file is in place and queues it. */
  async enqueue(values: typeof gedcomJobs.$inferInsert): Promise<void> {
    await this.db.insert(gedcomJobs).values(values);
    await this.queue.send(values.id).catch(async (error: unknown) => {
      await this.db.delete(gedcomJobs).where(eq(gedcomJobs.id, values.id));
      throw error;
    });
  }

  /** The queue hands a job to this process: runs it unless it was cancelled meanwhile. */
  private async runQueued(id: string): Promise<void> {
    const lock = await this.database.tryHoldLock(LOCK_JOB, id);
    // Its upload or a sweep holds it a moment: the queue retries.
    if (!lock) throw new Error(`GEDCOM job ${id} is locked`);
    const dir = join(this.uploadsDir, id);
    try {
      const [row] = await selectJobs(this.db).where(eq(gedcomJobs.id, id));
      if (row?.job.status !== 'queued') {
        await rm(dir, { recursive: true, force: true });
        return;
      }
      if (this.stopping) throw new Requeued();
      await this.run(row, dir);
    } finally {
      await lock.release();
    }
  }

  /** Progress and state into the row; not over a cancel unless the job has ended. */
  private async persist(job: RunningJob, final = false): Promise<void> {
    const { state } = job;
    const where = final
      ? eq(gedcomJobs.id, state.id)
      : and(eq(gedcomJobs.id, state.id), inArray(gedcomJobs.status, UNFINISHED));
    await this.db
      .update(gedcomJobs)
      .set({
        status: state.status,
        processed: state.processed,
        total: state.total,
        error: state.error,
        personsCreated: state.persons_created,
        backupName: state.backup_name,
        finishedAt: state.finished_at === null ? null : new Date(state.finished_at),
        report: {
          encoding: state.encoding,
          encoding_reason: state.encoding_reason,
          warnings: state.warnings,
          warnings_total: state.warnings_total,
        } satisfies JobReport,
        updatedAt: new Date(),
      })
      .where(where);
  }

  private async checkCancelled(job: RunningJob): Promise<void> {
    const [row] = await this.db
      .select({ status: gedcomJobs.status })
      .from(gedcomJobs)
      .where(eq(gedcomJobs.id, job.state.id));
    if (row?.status === 'cancelled') job.cancelled = true;
  }

  private async run(row: JobEntry, dir: string): Promise<void> {
    const job: RunningJob = {
      state: { ...toJob(row), status: 'running', processed: 0, total: null },
      cancelled: false,
    };
    const { state } = job;
    this.running.set(state.id, job);
    let lastPersist = Date.now();
    let lastCheck = Date.now();
    let requeued = false;
    const report = new ImportReport();
    try {
      await this.persist(job);
      if (state.mode === 'replace') {
        state.backup_name = await this.backupBeforeReplace(state.id);
        await this.persist(job);
      }
      const merge = state.mode === 'merge' ? await this.mergeRequest(row, dir) : undefined;
      const result = await importGedcom(this.database, join(dir, 'upload.ged'), state.id, {
        merge,
        onProgress: (processed, total) => {
          state.processed = processed;
          state.total = total;
          if (Date.now() - lastPersist > PERSIST_EVERY_MS) {
            lastPersist = Date.now();
            this.persist(job).catch(() => undefined);
          }
          if (Date.now() - lastCheck > CANCEL_CHECK_MS) {
            lastCheck = Date.now();
            this.checkCancelled(job).catch(() => undefined);
          }
        },
        cancelled: () => job.cancelled || this.stopping,
        report,
        replace: state.mode === 'replace',
        // A GEDZip's media become files of whoever started the import.
        media: { ...this.files, ownerId: state.created_by?.id ?? null },
        archiveLimits: this.archiveLimits,
      });
      state.status = 'done';
      state.persons_created = result.persons;
      state.persons_merged = result.merged;
      state.processed = result.persons;
    } catch (error) {
      // A cancel from another process that the import met before this runner's next look
      // (under the row lock of its last step) must still read as cancelled, not failed.
      if (!job.cancelled) await this.checkCancelled(job).catch(() => undefined);
      if (job.cancelled) {
        state.status = 'cancelled';
        state.error = gedcomMessages.cancelled;
      } else if (this.stopping && error instanceof GedcomError) {
        // Stopped at a batch by the closing app: its staged rows are gone; run it again later.
        requeued = true;
        Object.assign(state, { status: 'queued', processed: 0, total: null });
      } else if (error instanceof GedcomError) {
        state.status = 'failed';
        state.error = error.message;
      } else {
        state.status = 'failed';
        this.log.error({ err: error, job: state.id }, 'GEDCOM import failed');
        state.error = 'Импорт ийгиликсиз аяктады: маалымат базасынын катасы.';
      }
    } finally {
      // The report also of a failed import: what was read before the failure.
      Object.assign(state, reportOf(report));
      if (!requeued) state.finished_at = new Date().toISOString();
      await this.persist(job, !requeued).catch((error: unknown) =>
        this.log.error({ err: error, job: state.id }, 'GEDCOM job state not saved'),
      );
      if (!requeued) await rm(dir, { recursive: true, force: true });
      this.running.delete(state.id);
    }
    if (requeued) throw new Requeued();
    // After the job reads as done and its files are gone: the statistics are the planner's,
    // nothing a reader waits for.
    if (state.status === 'done') {
      await refreshTreeStatistics(this.database.db).catch(() => undefined);
    }
  }

  /**
   * A merging import's request: the reviewed matches as committed, or (`accept=auto`) the
   * file matched now and every match from the threshold up taken.
   */
  private async mergeRequest(row: JobEntry, dir: string) {
    const request = row.job.merge;
    if (!request) throw new GedcomError(mergeImportMessages.matchesFirst);
    if (request.accept === 'auto') {
      const found = await matchFile(this.db, join(dir, 'upload.ged'), this.archiveLimits);
      request.matches = found.results.flatMap((result) =>
        result.match && result.above_threshold
          ? [{ xref: result.xref, person_id: result.match.id }]
          : [],
      );
      request.versions = found.versions;
      request.root_xref = found.root_xref;
    }
    return { request, fileName: row.job.fileName, actorId: row.job.createdById };
  }

  /**
   * A replacing import's backup of the whole site (backup.service: one consistent archive)
   * into DATA_DIR/backups/, made before anything is written; its file name.
   */
  private async backupBeforeReplace(jobId: string): Promise<string> {
    try {
      await mkdir(this.backupsDir, { recursive: true, mode: 0o700 });
      const { manifest, archive } = await prepareBackup({
        database: this.database,
        storage: new LocalFileStorage(join(this.dataDir, 'files')),
        workDir: workDirOf(this.dataDir),
      });
      const stamp = manifest.createdAt.replace(/[:.]/g, '-');
      const name = `bagysh-backup-${stamp}-before-gedcom-${jobId.slice(0, 8)}.tar.gz`;
      const partial = join(this.backupsDir, `${name}.partial`);
      try {
        await pipeline(archive, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, join(this.backupsDir, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return name;
    } catch (error) {
      this.log.error({ err: error, job: jobId }, 'backup before a replacing import failed');
      throw new GedcomError(gedcomMessages.backupFailed);
    }
  }

  /**
   * The live state of a job this process runs (progress between two saves), else `job`. An
   * import's commit writes `done` (for a process that dies right after it); while this process
   * still tidies up after the commit, the job reads as running until the tidying is over.
   */
  private withLive(job: GedcomJob): GedcomJob {
    const live = this.running.get(job.id);
    return live && (job.status === 'running' || job.status === 'done') ? { ...live.state } : job;
  }

  async get(id: string): Promise<GedcomJob> {
    const [row] = await selectJobs(this.db).where(eq(gedcomJobs.id, id));
    if (!row) throw notFound();
    return this.withLive(toJob(row));
  }

  /** The history of imports, newest first. */
  async list(query: PageQuery): Promise<{ total: number; results: GedcomJobListItem[] }> {
    const { limit, offset } = pageWindow(query);
    const [total] = await this.db.select({ n: count() }).from(gedcomJobs);
    const rows = await selectJobs(this.db)
      .orderBy(desc(gedcomJobs.createdAt), desc(gedcomJobs.id))
      .limit(limit)
      .offset(offset);
    const results = rows.map((row) => {
      const { warnings: _warnings, ...job } = this.withLive(toJob(row));
      return { ...job, counts: row.job.counts ?? null };
    });
    return { total: total?.n ?? 0, results };
  }

  /**
   * Reverts a merging import in one transaction under the tree lock (merge-apply.ts): its
   * merges undone, its persons, unions, sources and notes removed. 409 for another kind of
   * import, one not done, reverted already, or whose persons changed since.
   */
  async revert(id: string): Promise<GedcomRevertResult> {
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: gedcomJobs.status, mode: gedcomJobs.mode, merge: gedcomJobs.merge })
        .from(gedcomJobs)
        .where(eq(gedcomJobs.id, id))
        .for('update');
      if (!row) throw notFound();
      if (row.mode !== 'merge' || !row.merge) throw conflict(mergeImportMessages.revertNotMerge);
      if (row.status !== 'done') throw conflict(mergeImportMessages.revertNotDone);
      if (row.merge.reverted_at !== null) throw conflict(mergeImportMessages.revertedAlready);
      await lockTree(tx);
      const undone = await revertImportMerge(tx, row.merge);
      await recomputePresumedLiving(tx);
      await tx
        .update(gedcomJobs)
        .set({
          merge: { ...row.merge, reverted_at: new Date().toISOString() },
          updatedAt: new Date(),
        })
        .where(eq(gedcomJobs.id, id));
      return undone;
    });
    invalidateTreeCaches();
    return result;
  }

  /**
   * Cancels a queued or running job, from any process: its runner sees the status at its next
   * batch and removes its staged rows (nothing reaches the tree). 409 once it has ended.
   */
  async cancel(id: string): Promise<GedcomJob> {
    const now = new Date();
    const [row] = await this.db
      .update(gedcomJobs)
      .set({
        status: 'cancelled',
        error: gedcomMessages.cancelled,
        finishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(gedcomJobs.id, id), inArray(gedcomJobs.status, UNFINISHED)))
      .returning();
    if (!row) {
      await this.get(id);
      throw new HttpError(409, gedcomMessages.alreadyFinished);
    }
    const live = this.running.get(id);
    if (live) live.cancelled = true;
    return this.get(id);
  }

  /**
   * Fails every unfinished job that no live process runs and no queue holds (its lock is
   * free), removes its staged rows and its copy of the file, then copies and staged rows that
   * belong to no unfinished job.
   */
  async cleanUpAbandoned(): Promise<void> {
    const unfinished = await this.db
      .select({ id: gedcomJobs.id })
      .from(gedcomJobs)
      .where(inArray(gedcomJobs.status, UNFINISHED));
    const copies = (await readdir(this.uploadsDir).catch(() => [])).filter((name) =>
      UUID.test(name),
    );
    for (const id of new Set([...unfinished.map((row) => row.id), ...copies])) {
      const lock = await this.database.tryHoldLock(LOCK_JOB, id);
      if (!lock) continue;
      try {
        const [row] = await this.db
          .select({ status: gedcomJobs.status })
          .from(gedcomJobs)
          .where(eq(gedcomJobs.id, id));
        if (row?.status === 'queued' && (await this.queue.holds(id))) continue;
        // Cleared first, so that whoever sees the job failed sees nothing left of it.
        await clearStaging(this.db, id);
        await rm(join(this.uploadsDir, id), { recursive: true, force: true });
        // Only if still unfinished: its owner may have ended it since the list was read.
        await this.db
          .update(gedcomJobs)
          .set({
            status: 'failed',
            error: ABANDONED,
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(gedcomJobs.id, id), inArray(gedcomJobs.status, UNFINISHED)));
      } finally {
        await lock.release();
      }
    }
    await clearAbandonedStaging(this.db);
  }

  /**
   * The app is closing: takes no more jobs, stops the running import at its next batch and
   * puts it back in the queue, and waits for that.
   */
  async stopAll(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweeper);
    await this.queue.stop();
  }
}
