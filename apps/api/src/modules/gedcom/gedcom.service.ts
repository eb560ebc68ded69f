import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gedcomMessages, type GedcomJob } from '@bagysh/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { gedcomJobs } from '../../db/schema';
import { errorMessages, HttpError, notFound } from '../../lib/http-errors';
import { clearAbandonedStaging, clearStaging, importGedcom } from './gedcom-import';
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

const QUEUE = 'gedcom-import';
const PERSIST_EVERY_MS = 2000;
/** How often a runner looks whether its job was cancelled (from any process). */
const CANCEL_CHECK_MS = 250;
/** How often each process looks for jobs whose runner died (PostgreSQL). */
const SWEEP_EVERY_MS = 5000;
export const ABANDONED = 'Импорт үзгүлтүккө учурады (сервер токтоп калган). Файлды кайра жүктөңүз.';
/** Advisory-lock namespace of import jobs (first int4 of pg_try_advisory_lock(int4, int4)). */
export const LOCK_JOB = 0x67_65_64_63; // 'gedc'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNFINISHED: GedcomJob['status'][] = ['queued', 'running'];

/**
 * pg-boss on the app's database, on either driver (over PGlite too: see decision record 007);
 * it creates and migrates its own schema `pgboss` at start.
 */
class JobQueue {
  private readonly boss: PgBoss;

  constructor(database: Database, log: FastifyBaseLogger) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'pg-boss'));
  }

  async start(run: (id: string) => Promise<void>): Promise<void> {
    await this.boss.start();
    // A job put back by a closing process, or refused while another runner held it, is
    // retried soon; expiry only guards against a runner stuck for hours.
    await this.boss.createQueue(QUEUE, {
      name: QUEUE,
      retryLimit: 20,
      retryDelay: 1,
      expireInSeconds: 23 * 3600,
    });
    await this.boss.work<{ id: string }>(
      QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await run(job.data.id);
      },
    );
  }

  async send(id: string): Promise<void> {
    await this.boss.send(QUEUE, { id }, { id });
  }

  /** Whether the queue still holds `id` (waiting, or handed to a runner that starts it). */
  async holds(id: string): Promise<boolean> {
    const job = await this.boss.getJobById(QUEUE, id);
    return job !== null && ['created', 'retry', 'active'].includes(job.state);
  }

  /** Takes no more jobs; resolves once this process's runners have returned. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 60_000 });
  }
}

interface RunningJob {
  state: GedcomJob;
  /** Cancelled by a user (in any process). */
  cancelled: boolean;
}

type JobRow = typeof gedcomJobs.$inferSelect;

function toJob(row: JobRow): GedcomJob {
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

  constructor(
    private readonly database: Database,
    options: { dataDir: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
    this.uploadsDir = join(options.dataDir, 'tmp', 'gedcom');
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
  ): Promise<string> {
    const id = randomUUID();
    // Held while the file arrives, so that no sweep takes the half-written copy for debris.
    const lock = await this.database.tryHoldLock(LOCK_JOB, id);
    if (!lock) throw new Error(`GEDCOM job ${id} is locked`);
    const dir = join(this.uploadsDir, id);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await pipeline(file, createWriteStream(join(dir, 'upload.ged'), { mode: 0o600 }));
      if (file.truncated) throw new HttpError(413, errorMessages.payloadTooLarge);
      await this.db
        .insert(gedcomJobs)
        .values({ id, status: 'queued', fileName, createdById: userId });
      await this.queue.send(id).catch(async (error: unknown) => {
        await this.db.delete(gedcomJobs).where(eq(gedcomJobs.id, id));
        throw error;
      });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      await lock.release();
    }
    return id;
  }

  /** The queue hands a job to this process: runs it unless it was cancelled meanwhile. */
  private async runQueued(id: string): Promise<void> {
    const lock = await this.database.tryHoldLock(LOCK_JOB, id);
    // Its upload or a sweep holds it a moment: the queue retries.
    if (!lock) throw new Error(`GEDCOM job ${id} is locked`);
    const dir = join(this.uploadsDir, id);
    try {
      const [row] = await this.db.select().from(gedcomJobs).where(eq(gedcomJobs.id, id));
      if (row?.status !== 'queued') {
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

  private async run(row: JobRow, dir: string): Promise<void> {
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
      const result = await importGedcom(this.db, join(dir, 'upload.ged'), state.id, {
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
      });
      state.status = 'done';
      state.persons_created = result.persons;
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
  }

  async get(id: string): Promise<GedcomJob> {
    const [row] = await this.db.select().from(gedcomJobs).where(eq(gedcomJobs.id, id));
    if (!row) throw notFound();
    const live = this.running.get(id);
    // Progress between two saves is known only to the runner.
    if (live && row.status === 'running') return { ...live.state };
    return toJob(row);
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
    return toJob(row);
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
