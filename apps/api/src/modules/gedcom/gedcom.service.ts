import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GedcomJob } from '@bagysh/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, HeldLock } from '../../db/client';
import { gedcomJobs } from '../../db/schema';
import { errorMessages, HttpError, notFound } from '../../lib/http-errors';
import { importGedcom } from './gedcom-import';
import { GedcomError, ImportReport } from './gedcom-reader';

/** What `gedcom_jobs.report` holds: the job answer's report fields. */
type JobReport = Pick<GedcomJob, 'encoding' | 'encoding_reason' | 'warnings' | 'warnings_total'>;

const NO_REPORT: JobReport = {
  encoding: null,
  encoding_reason: null,
  warnings: [],
  warnings_total: 0,
};

function reportOf(report: ImportReport): JobReport {
  return {
    encoding: report.encoding,
    encoding_reason: report.encodingReason,
    warnings: report.warnings(),
    warnings_total: report.warningsTotal,
  };
}

/**
 * GEDCOM import jobs: each runs in the background of the API process that received the file.
 * Live progress is kept in memory (one write per batch would compete with the import on
 * PGlite's single connection) and the job row is updated at each state change and every few
 * batches, so another process still sees where it stands.
 *
 * From the first byte of its upload to its end, a job holds a lock keyed by its id (on
 * PostgreSQL a session-level advisory lock, which dies with the process) and keeps its copy of
 * the file in `DATA_DIR/tmp/gedcom/<job id>/`. A starting process fails at once every
 * unfinished job whose lock it can take — no live process owns it — and removes its staged
 * rows and its copy; another process's import in progress is left alone.
 */

interface RunningJob {
  state: GedcomJob;
  promise: Promise<void>;
  cancelled: boolean;
}

interface Upload {
  id: string;
  dir: string;
  path: string;
  lock: HeldLock;
}

const PERSIST_EVERY_MS = 2000;
export const ABANDONED = 'Импорт үзгүлтүккө учурады (сервер токтоп калган). Файлды кайра жүктөңүз.';
/** Advisory-lock namespace of import jobs (first int4 of pg_try_advisory_lock(int4, int4)). */
export const LOCK_JOB = 0x67_65_64_63; // 'gedc'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class GedcomJobs {
  private readonly running = new Map<string, RunningJob>();
  private readonly db: Db;
  /** Where uploads are kept while their job lives: `DATA_DIR/tmp/gedcom/<job id>/`. */
  readonly uploadsDir: string;

  constructor(
    private readonly database: Database,
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
    this.uploadsDir = join(dataDir, 'tmp', 'gedcom');
  }

  /**
   * Copies an uploaded file (a multipart file stream) under the data directory and starts
   * importing it; answers the job id at once. A file cut at the size limit answers 413.
   */
  async receive(
    file: Readable & { truncated?: boolean },
    fileName: string,
    userId: number,
  ): Promise<string> {
    const id = randomUUID();
    const lock = await this.database.tryHoldLock(LOCK_JOB, id);
    if (!lock) throw new Error(`GEDCOM job ${id} is locked`);
    const dir = join(this.uploadsDir, id);
    const upload: Upload = { id, dir, path: join(dir, 'upload.ged'), lock };
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await pipeline(file, createWriteStream(upload.path, { mode: 0o600 }));
      if (file.truncated) throw new HttpError(413, errorMessages.payloadTooLarge);
      await this.start(upload, fileName, userId);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      await lock.release();
      throw error;
    }
    return id;
  }

  private async start(upload: Upload, fileName: string, userId: number): Promise<void> {
    const { id } = upload;
    const now = new Date();
    await this.db
      .insert(gedcomJobs)
      .values({ id, status: 'queued', fileName, createdById: userId });
    const job: RunningJob = {
      state: {
        id,
        status: 'queued',
        processed: 0,
        total: null,
        error: null,
        persons_created: 0,
        created_at: now.toISOString(),
        finished_at: null,
        ...NO_REPORT,
      },
      promise: Promise.resolve(),
      cancelled: false,
    };
    this.running.set(id, job);
    job.promise = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      this.run(job, upload),
    );
  }

  private async persist(job: RunningJob): Promise<void> {
    const { state } = job;
    await this.db
      .update(gedcomJobs)
      .set({
        status: state.status,
        processed: state.processed,
        total: state.total,
        error: state.error,
        personsCreated: state.persons_created,
        finishedAt: state.finished_at === null ? null : new Date(state.finished_at),
        report: {
          encoding: state.encoding,
          encoding_reason: state.encoding_reason,
          warnings: state.warnings,
          warnings_total: state.warnings_total,
        } satisfies JobReport,
        updatedAt: new Date(),
      })
      .where(eq(gedcomJobs.id, state.id));
  }

  private async run(job: RunningJob, upload: Upload): Promise<void> {
    const { state } = job;
    let lastPersist = Date.now();
    const report = new ImportReport();
    try {
      state.status = 'running';
      await this.persist(job);
      const result = await importGedcom(this.db, upload.path, state.id, {
        onProgress: (processed, total) => {
          state.processed = processed;
          state.total = total;
          if (Date.now() - lastPersist > PERSIST_EVERY_MS) {
            lastPersist = Date.now();
            this.persist(job).catch(() => undefined);
          }
        },
        cancelled: () => job.cancelled,
        report,
      });
      state.status = 'done';
      state.persons_created = result.persons;
      state.processed = result.persons;
    } catch (error) {
      state.status = 'failed';
      if (error instanceof GedcomError) {
        state.error = error.message;
      } else {
        this.log.error({ err: error, job: state.id }, 'GEDCOM import failed');
        state.error = 'Импорт ийгиликсиз аяктады: маалымат базасынын катасы.';
      }
    } finally {
      // The report also of a failed import: what was read before the failure.
      Object.assign(state, reportOf(report));
      state.finished_at = new Date().toISOString();
      await this.persist(job).catch((error: unknown) =>
        this.log.error({ err: error, job: state.id }, 'GEDCOM job state not saved'),
      );
      await rm(upload.dir, { recursive: true, force: true });
      this.running.delete(state.id);
      await upload.lock.release();
    }
  }

  async get(id: string): Promise<GedcomJob> {
    const live = this.running.get(id);
    if (live) return { ...live.state };
    const [row] = await this.db.select().from(gedcomJobs).where(eq(gedcomJobs.id, id));
    if (!row) throw notFound();
    return {
      id: row.id,
      status: row.status,
      processed: row.processed,
      total: row.total,
      error: row.error,
      persons_created: row.personsCreated,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      ...NO_REPORT,
      ...(row.report as JobReport | null),
    };
  }

  /**
   * At start: fails every unfinished job that no live process owns (its lock is free), removes
   * its staged rows and its copy of the file, and staged rows that belong to no unfinished job.
   */
  async cleanUpAbandoned(): Promise<void> {
    const unfinished = await this.db
      .select({ id: gedcomJobs.id })
      .from(gedcomJobs)
      .where(inArray(gedcomJobs.status, ['queued', 'running']));
    const copies = (await readdir(this.uploadsDir).catch(() => [])).filter((name) =>
      UUID.test(name),
    );
    for (const id of new Set([...unfinished.map((row) => row.id), ...copies])) {
      const lock = await this.database.tryHoldLock(LOCK_JOB, id);
      if (!lock) continue;
      try {
        // Only if still unfinished: its owner may have ended it since the list was read.
        await this.db
          .update(gedcomJobs)
          .set({
            status: 'failed',
            error: ABANDONED,
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(gedcomJobs.id, id), inArray(gedcomJobs.status, ['queued', 'running'])));
        await this.db.execute(sql`delete from gedcom_staging where job_id = ${id}::uuid`);
        await rm(join(this.uploadsDir, id), { recursive: true, force: true });
      } finally {
        await lock.release();
      }
    }
    await this.db.execute(sql`delete from gedcom_staging s where not exists (
      select 1 from gedcom_jobs j where j.id = s.job_id and j.status in ('queued', 'running'))`);
  }

  /** Stops every running import at its next batch and waits for it (the app is closing). */
  async stopAll(): Promise<void> {
    for (const job of this.running.values()) job.cancelled = true;
    await Promise.all([...this.running.values()].map((job) => job.promise));
  }
}
