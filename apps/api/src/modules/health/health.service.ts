import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Health } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client';
import { temporaryFileName } from '../../files/storage/local-storage';
import type { Mailer } from '../../mail/mailer';

/** A database that does not answer within this is reported down (a check must not hang). */
const DATABASE_TIMEOUT_MS = 5000;

export interface HealthContext {
  database: Database;
  /** The uploads folder (DATA_DIR/files). */
  storageRoot: string;
  /** The migrations this server ships: their count and the `when` of the newest. */
  migrations: { count: number; latestWhen: number | null };
  log: FastifyBaseLogger;
  /** The mail queue, whose counts are a query of their own. */
  mail: Pick<Mailer, 'transport' | 'state'>;
}

class ProblemError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

function problemOf(error: unknown): string {
  if (error instanceof ProblemError) return error.code;
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'error';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProblemError('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(ctx: HealthContext): Promise<Health['database']> {
  const started = performance.now();
  try {
    // drizzle's own journal of applied migrations: a handful of rows.
    const [row] = await withTimeout(
      queryRows<{ count: number; latest: string | number | null }>(
        ctx.database.db,
        sql`select count(*)::int as count, max(created_at) as latest from drizzle.__drizzle_migrations`,
      ),
      DATABASE_TIMEOUT_MS,
    );
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const applied = row?.count ?? 0;
    const current =
      applied === ctx.migrations.count &&
      Number(row?.latest ?? null) === (ctx.migrations.latestWhen ?? 0);
    if (!current) {
      ctx.log.warn(
        { applied, expected: ctx.migrations.count },
        'health: the database schema is not the one this server expects',
      );
    }
    return {
      status: current ? 'ok' : 'error',
      kind: ctx.database.kind,
      latency_ms: latencyMs,
      migrations_applied: applied,
      migrations_expected: ctx.migrations.count,
      problem: current ? null : 'migrations',
    };
  } catch (error) {
    ctx.log.error({ err: error }, 'health: the database does not answer');
    return {
      status: 'error',
      kind: ctx.database.kind,
      latency_ms: null,
      migrations_applied: null,
      migrations_expected: ctx.migrations.count,
      problem: problemOf(error),
    };
  }
}

async function checkStorage(ctx: HealthContext): Promise<Health['storage']> {
  let writable = false;
  try {
    // Where uploads are staged; made here as the first upload would make it.
    const tempDir = join(ctx.storageRoot, 'tmp');
    await mkdir(tempDir, { recursive: true });
    // A name of this process's temporary files, so that a sweep knows it if a crash leaves it.
    const probe = join(tempDir, temporaryFileName());
    await writeFile(probe, 'health probe\n', { flag: 'wx', mode: 0o600 });
    await rm(probe);
    writable = true;
    const stats = await statfs(ctx.storageRoot);
    return {
      status: 'ok',
      writable,
      free_bytes: Number(stats.bavail) * Number(stats.bsize),
      problem: null,
    };
  } catch (error) {
    ctx.log.error({ err: error }, 'health: the uploads folder is not usable');
    return { status: 'error', writable, free_bytes: null, problem: problemOf(error) };
  }
}

/** The state of the database and of the uploads folder; cheap enough to ask every few seconds. */
async function checkMail(ctx: HealthContext): Promise<Health['mail']> {
  try {
    return await withTimeout(ctx.mail.state(), DATABASE_TIMEOUT_MS);
  } catch (error) {
    ctx.log.warn({ err: error }, 'health: the mail queue could not be counted');
    return { transport: ctx.mail.transport, waiting: null, failed: null };
  }
}

export async function checkHealth(ctx: HealthContext): Promise<Health> {
  const [database, storage, mail] = await Promise.all([
    checkDatabase(ctx),
    checkStorage(ctx),
    checkMail(ctx),
  ]);
  return {
    status: database.status === 'ok' && storage.status === 'ok' ? 'ok' : 'error',
    database,
    storage,
    mail,
  };
}
