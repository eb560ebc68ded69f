import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { GedcomJob } from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { gedcomJobs } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { importGedcom } from './gedcom-import';
import { GedcomError } from './gedcom-reader';

/**
 * GEDCOM import jobs: each runs in the background of the API process that received the file.
 * Live progress is kept in memory (one write per batch would compete with the import on
 * PGlite's single connection) and the job row is updated at each state change and every few
 * batches, so another process still sees where it stands.
 */

interface RunningJob {
  state: GedcomJob;
  promise: Promise<void>;
  cancelled: boolean;
}

const PERSIST_EVERY_MS = 2000;
const ABANDONED = 'Импорт үзгүлтүккө учурады (сервер токтоп калган). Файлды кайра жүктөңүз.';

export class GedcomJobs {
  private readonly running = new Map<string, RunningJob>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Starts importing `upload.path`, a file alone in the private temporary directory
   * `upload.dir` that the job removes when it ends; answers the job id at once.
   */
  async start(
    upload: { dir: string; path: string },
    fileName: string,
    userId: number,
  ): Promise<string> {
    const id = randomUUID();
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
      },
      promise: Promise.resolve(),
      cancelled: false,
    };
    this.running.set(id, job);
    job.promise = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      this.run(job, upload),
    );
    return id;
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
        updatedAt: new Date(),
      })
      .where(eq(gedcomJobs.id, state.id));
  }

  private async run(job: RunningJob, upload: { dir: string; path: string }): Promise<void> {
    const { state } = job;
    let lastPersist = Date.now();
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
      state.finished_at = new Date().toISOString();
      await this.persist(job).catch((error: unknown) =>
        this.log.error({ err: error, job: state.id }, 'GEDCOM job state not saved'),
      );
      await rm(upload.dir, { recursive: true, force: true });
      this.running.delete(state.id);
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
    };
  }

  /**
   * Fails the imports that stopped updating their row long ago (their process died) and
   * removes staged rows that belong to no running import.
   */
  async cleanUpAbandoned(): Promise<void> {
    await this.db.execute(sql`update gedcom_jobs
      set status = 'failed', error = ${ABANDONED}, finished_at = now(), updated_at = now()
      where status in ('queued', 'running') and updated_at < now() - interval '10 minutes'`);
    await this.db.execute(sql`delete from gedcom_staging s where not exists (
      select 1 from gedcom_jobs j where j.id = s.job_id and j.status in ('queued', 'running'))`);
  }

  /** Stops every running import at its next batch and waits for it (the app is closing). */
  async stopAll(): Promise<void> {
    for (const job of this.running.values()) job.cancelled = true;
    await Promise.all([...this.running.values()].map((job) => job.promise));
  }
}
