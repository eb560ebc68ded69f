import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GedcomJob, GedcomPreview } from '@bagysh/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { gedcomJobs, users } from '../../../db/schema';
import type { ImportReport } from '../read/report';

/** Import jobs as rows of `gedcom_jobs` and as the API answers them, and their uploaded files. */

/** What `gedcom_jobs.report` holds: the job answer's report fields. */
export type JobReport = Pick<
  GedcomJob,
  'encoding' | 'encoding_reason' | 'warnings' | 'warnings_total'
>;

const NO_REPORT: JobReport = {
  encoding: null,
  encoding_reason: null,
  warnings: [],
  warnings_total: 0,
};

/** What an import (or a failed one) noticed, as the job row keeps it. */
export function reportOf(report: ImportReport): JobReport {
  return {
    encoding: report.encoding,
    encoding_reason: report.encodingReason,
    warnings: report.warnings(),
    warnings_total: report.warningsTotal,
  };
}

type JobRow = typeof gedcomJobs.$inferSelect;
/** A job row with its creator's user name. */
export interface JobEntry {
  job: JobRow;
  username: string | null;
}

/** A job as the API answers it. */
export function toJob({ job: row, username }: JobEntry): GedcomJob {
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    file_name: row.fileName,
    file_sha256: row.fileSha256,
    file_size: row.fileSize,
    backup_name: row.backupName,
    created_by:
      row.createdById !== null && username !== null ? { id: row.createdById, username } : null,
    processed: row.processed,
    total: row.total,
    error: row.error,
    persons_created: row.personsCreated,
    persons_merged: row.merge?.merges.length ?? 0,
    reverted_at: row.merge?.reverted_at ?? null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    ...NO_REPORT,
    ...(row.report as JobReport | null),
  };
}

/** Copies a stream into a new file at `path`: its SHA-256 (hex) and size. */
export async function storeFile(
  file: Readable,
  path: string,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(file, measure, createWriteStream(path, { mode: 0o600 }));
  return { sha256: hash.digest('hex'), size };
}

/** The jobs with their creators' user names, to be filtered and ordered. */
export function selectJobs(db: Db) {
  return db
    .select({ job: gedcomJobs, username: users.username })
    .from(gedcomJobs)
    .leftJoin(users, eq(users.id, gedcomJobs.createdById));
}

/** '2026-11-24 13:05 (UTC)', for messages. */
export const whenText = (date: Date) =>
  `${date.toISOString().slice(0, 16).replace('T', ' ')} (UTC)`;

/** The latest finished import of a file with this SHA-256. */
export async function sameFile(db: Db, sha256: string): Promise<GedcomPreview['same_file']> {
  const [row] = await selectJobs(db)
    .where(and(eq(gedcomJobs.fileSha256, sha256), eq(gedcomJobs.status, 'done')))
    .orderBy(desc(gedcomJobs.finishedAt))
    .limit(1);
  if (!row) return null;
  const job = toJob(row);
  return {
    job_id: job.id,
    imported_at: job.finished_at ?? job.created_at,
    imported_by: job.created_by,
    mode: job.mode,
  };
}
