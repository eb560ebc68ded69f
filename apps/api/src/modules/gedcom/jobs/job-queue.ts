import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../../db/client';

const QUEUE = 'gedcom-import';

/**
 * pg-boss on the app's database, on either driver (over PGlite too: docs/decisions/007-several-processes-share-limits-and-jobs.md);
 * it creates and migrates its own schema `pgboss` at start.
 */
export class JobQueue {
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
