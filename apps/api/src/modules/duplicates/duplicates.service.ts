import type { DuplicateRun } from '@bagysh/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { duplicateRuns } from '../../db/schema';
import { computeDuplicates } from '../../genealogy/duplicates/candidates';

const QUEUE = 'duplicate-finder';
/** Advisory-lock namespace of the finder's run (first int4 of pg_try_advisory_lock). */
const LOCK_RUN = 0x64_75_70_73; // 'dups'
const RUN_KEY = 'run';
/** A list read this long after the last run queues a run for what changed meanwhile. */
export const FRESH_FOR_MS = 60_000;

type RunRow = typeof duplicateRuns.$inferSelect;

function toRun(row: RunRow): DuplicateRun {
  return {
    status: row.status,
    full: row.full,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    pairs: row.pairs,
    error: row.error,
  };
}

/**
 * The finder's background job (docs/genealogy.md, Duplicate persons): a run of
 * `computeDuplicates` in pg-boss, as the GEDCOM import's jobs. Runs are rows of
 * `duplicate_runs`; at most one is queued or running at a time, and the run holds a lock so that
 * a run left "running" by a dead process is told from a live one.
 */
export class DuplicateJobs {
  private readonly boss: PgBoss;
  private readonly db: Db;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'pg-boss (duplicates)'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(QUEUE, {
      name: QUEUE,
      retryLimit: 20,
      retryDelay: 1,
      expireInSeconds: 23 * 3600,
    });
    await this.boss.work<{ id: number }>(
      QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await this.run(job.data.id);
      },
    );
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 60_000 });
  }

  /** The latest run, after marking a "running" one whose process died as failed. */
  async latest(): Promise<RunRow | null> {
    const [row] = await this.db
      .select()
      .from(duplicateRuns)
      .orderBy(desc(duplicateRuns.id))
      .limit(1);
    if (row?.status !== 'running') return row ?? null;
    const lock = await this.database.tryHoldLock(LOCK_RUN, RUN_KEY);
    if (!lock) return row;
    try {
      // Only if still running: the run may have ended between the read and the lock.
      const [failed] = await this.db
        .update(duplicateRuns)
        .set({
          status: 'failed',
          error: 'interrupted',
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(duplicateRuns.id, row.id), eq(duplicateRuns.status, 'running')))
        .returning();
      if (failed) return failed;
      const [now] = await this.db.select().from(duplicateRuns).where(eq(duplicateRuns.id, row.id));
      return now ?? row;
    } finally {
      await lock.release();
    }
  }

  /** The state the list shows. */
  async state(): Promise<DuplicateRun | null> {
    const row = await this.latest();
    return row ? toRun(row) : null;
  }

  /**
   * Queues a run unless one is queued or running (a queued one becomes full when asked); a
   * run that is not full rescores the persons written since the last finished run started.
   */
  async request(full: boolean, userId: number | null): Promise<DuplicateRun> {
    const last = await this.latest();
    if (last && (last.status === 'queued' || last.status === 'running')) {
      if (full && !last.full && last.status === 'queued') {
        const [upgraded] = await this.db
          .update(duplicateRuns)
          .set({ full: true, since: null, updatedAt: new Date() })
          .where(eq(duplicateRuns.id, last.id))
          .returning();
        return toRun(upgraded ?? last);
      }
      return toRun(last);
    }
    const [done] = await this.db
      .select({ startedAt: duplicateRuns.startedAt })
      .from(duplicateRuns)
      .where(eq(duplicateRuns.status, 'done'))
      .orderBy(desc(duplicateRuns.id))
      .limit(1);
    const since = full ? null : (done?.startedAt ?? null);
    const [row] = await this.db
      .insert(duplicateRuns)
      .values({ status: 'queued', full: since === null, since, createdById: userId })
      .returning();
    if (!row) throw new Error('duplicate run insert returned nothing');
    await this.boss.send(QUEUE, { id: row.id }).catch(async (error: unknown) => {
      await this.db.delete(duplicateRuns).where(eq(duplicateRuns.id, row.id));
      throw error;
    });
    return toRun(row);
  }

  /**
   * Keeps the list fresh as the tree changes: the first read queues a full run, a read a
   * minute after the last run queues one for the persons written since.
   */
  async keepFresh(): Promise<void> {
    const last = await this.latest();
    if (last && (last.status === 'queued' || last.status === 'running')) return;
    const finished = last?.finishedAt?.getTime() ?? 0;
    if (last && Date.now() - finished < FRESH_FOR_MS) return;
    await this.request(false, null);
  }

  private async run(id: number): Promise<void> {
    const lock = await this.database.tryHoldLock(LOCK_RUN, RUN_KEY);
    // Another process runs one: the queue retries this job later.
    if (!lock) throw new Error('duplicate run is locked');
    try {
      const [row] = await this.db
        .update(duplicateRuns)
        .set({ status: 'running', startedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(duplicateRuns.id, id), eq(duplicateRuns.status, 'queued')))
        .returning();
      // Already run (a retried job), or taken over by a failure mark.
      if (!row) return;
      try {
        const result = await computeDuplicates(this.db, {
          since: row.full ? null : row.since,
        });
        await this.db
          .update(duplicateRuns)
          .set({
            status: 'done',
            pairs: result.pairs,
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(duplicateRuns.id, row.id));
        this.log.info({ run: row.id, ...result }, 'duplicate run done');
      } catch (error) {
        this.log.error({ err: error, run: row.id }, 'duplicate run failed');
        await this.db
          .update(duplicateRuns)
          .set({
            status: 'failed',
            error: error instanceof Error ? error.message.slice(0, 500) : String(error),
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(duplicateRuns.id, row.id));
      }
    } finally {
      await lock.release();
    }
  }
}
