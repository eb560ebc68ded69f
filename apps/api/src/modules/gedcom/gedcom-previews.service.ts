import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  gedcomMessages,
  hasRole,
  type GedcomCommitBody,
  type GedcomMatches,
  type GedcomPreview,
  type Role,
} from '@bagysh/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { gedcomPreviews, type GedcomJobMerge, type GedcomPreviewMatches } from '../../db/schema';
import { errorMessages, fieldError, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { matchFile, personVersions } from './import/merge-match';
import { analyseGedcom } from './import/preview';
import { LOCK_JOB, UUID, type GedcomJobs } from './gedcom.service';
import { sameFile, storeFile, whenText } from './jobs/job-rows';
import { mergeImportMessages } from './merge-messages';

/** Held on a preview while its file arrives, is analysed or moves to a job. */
export const LOCK_PREVIEW = 0x67_65_64_70; // 'gedp'
/** How long a preview waits to be committed. */
export const PREVIEW_TTL_MS = 24 * 3600 * 1000;
/** How often each process removes expired previews and their files. */
const PREVIEW_SWEEP_MS = 10 * 60 * 1000;

export interface Requester {
  id: number;
  role: Role;
}

/**
 * GEDCOM previews: an upload analysed without writing to the tree (import/preview.ts), kept in
 * `DATA_DIR/tmp/gedcom-previews/<preview id>/` for its creator to commit — it then becomes a
 * queued import job (gedcom.service.ts) — or to drop; expired ones are swept with their files.
 */
export class GedcomPreviews {
  /** Where previewed files wait: `DATA_DIR/tmp/gedcom-previews/<preview id>/`. */
  readonly previewsDir: string;
  private readonly db: Db;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly jobs: GedcomJobs,
    options: { dataDir: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
    this.previewsDir = join(options.dataDir, 'tmp', 'gedcom-previews');
  }

  /** Sweeps now, and every few minutes. */
  async start(): Promise<void> {
    await this.sweepPreviews();
    this.sweeper = setInterval(() => {
      this.sweepPreviews().catch((error: unknown) =>
        this.log.error({ err: error }, 'GEDCOM preview sweep failed'),
      );
    }, PREVIEW_SWEEP_MS);
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Keeps an upload under DATA_DIR/tmp/gedcom-previews/ and analyses it without writing to the
   * tree (import/preview.ts). A file cut at the size limit answers 413.
   */
  async preview(
    file: Readable & { truncated?: boolean },
    fileName: string,
    userId: number,
  ): Promise<GedcomPreview> {
    await this.sweepPreviews();
    const id = randomUUID();
    const lock = await this.database.tryHoldLock(LOCK_PREVIEW, id);
    if (!lock) throw new Error(`GEDCOM preview ${id} is locked`);
    const dir = join(this.previewsDir, id);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, 'upload.ged');
      const { sha256, size } = await storeFile(file, path);
      if (file.truncated) throw new HttpError(413, errorMessages.payloadTooLarge);
      await this.jobs.checkArchive(path);
      const analysis = await analyseGedcom(this.db, path, this.jobs.archiveLimits, {
        ...this.jobs.files,
        ownerId: userId,
      });
      // A refused file can never be committed: its bytes (a hostile archive's too) go now.
      if (analysis.refusal) await rm(path, { force: true });
      const now = new Date();
      const expires = new Date(now.getTime() + PREVIEW_TTL_MS);
      const result: GedcomPreview = {
        id,
        file_name: fileName,
        file_sha256: sha256,
        file_size: size,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
        ...analysis,
        same_file: await sameFile(this.db, sha256),
      };
      await this.db.insert(gedcomPreviews).values({
        id,
        fileName,
        fileSha256: sha256,
        fileSize: size,
        result,
        createdById: userId,
        expiresAt: expires,
        createdAt: now,
      });
      return result;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      await lock.release();
    }
  }

  /** A live preview its creator (or an admin) asks for; 404 once expired or committed. */
  private async previewRow(id: string, user: Requester) {
    const [row] = await this.db
      .select()
      .from(gedcomPreviews)
      .where(and(eq(gedcomPreviews.id, id), gt(gedcomPreviews.expiresAt, new Date())));
    if (!row) throw notFound();
    if (row.createdById !== user.id && !hasRole(user.role, 'admin')) throw forbidden();
    return row;
  }

  /**
   * Matches the previewed file against the tree (a merging import, admins only): every
   * person of the file with the proposed tree person, kept with the preview for its commit.
   */
  async matches(id: string, user: Requester): Promise<GedcomMatches> {
    const row = await this.previewRow(id, user);
    if (row.result.refusal) throw new HttpError(409, row.result.refusal);
    const found = await matchFile(
      this.db,
      join(this.previewsDir, id, 'upload.ged'),
      this.jobs.archiveLimits,
    );
    await this.db.update(gedcomPreviews).set({ matches: found }).where(eq(gedcomPreviews.id, id));
    const { versions: _versions, ...answer } = found;
    return answer;
  }

  /**
   * What a merging commit asks for, checked against the preview's matches (nothing is written
   * on a refusal): 400 for a match the preview did not propose, 409 for matches not computed,
   * a matched tree person deleted or changed since.
   */
  private async mergeRequest(
    matches: GedcomPreviewMatches | null,
    body: GedcomCommitBody,
  ): Promise<GedcomJobMerge> {
    const request: GedcomJobMerge = {
      accept: body.accept,
      matches: [],
      versions: {},
      attach_to: body.attach_to,
      root_xref: matches?.root_xref ?? null,
      merges: [],
      ids: null,
      source_id: null,
      attached: null,
      after_versions: {},
      reverted_at: null,
    };
    if (body.attach_to !== null) {
      const father = (await personVersions(this.db, [body.attach_to])).get(body.attach_to);
      if (father === undefined) throw fieldError('attach_to', mergeImportMessages.attachNotFound);
    }
    if (body.accept === 'auto') return request;
    if (!matches) throw new HttpError(409, mergeImportMessages.matchesFirst);
    const proposed = new Map(matches.results.map((r) => [r.xref, r.match?.id ?? null]));
    const xrefs = new Set<string>();
    const persons = new Set<number>();
    for (const choice of body.matches) {
      if (proposed.get(choice.xref) !== choice.person_id) {
        throw fieldError('matches', mergeImportMessages.matchUnknown(choice.xref));
      }
      if (xrefs.has(choice.xref))
        throw fieldError('matches', mergeImportMessages.matchTwice(choice.xref));
      if (persons.has(choice.person_id)) {
        throw fieldError('matches', mergeImportMessages.matchPersonTaken(choice.person_id));
      }
      xrefs.add(choice.xref);
      persons.add(choice.person_id);
    }
    if (body.attach_to !== null) {
      if (matches.root_xref === null)
        throw fieldError('attach_to', mergeImportMessages.attachNoRoot);
      if (xrefs.has(matches.root_xref)) {
        throw fieldError('attach_to', mergeImportMessages.attachMatched);
      }
    }
    const now = await personVersions(this.db, [...persons]);
    for (const id of persons) {
      const version = now.get(id);
      if (version === undefined) throw new HttpError(409, mergeImportMessages.matchPersonGone(id));
      if (version !== matches.versions[String(id)]) {
        throw new HttpError(409, mergeImportMessages.matchStale);
      }
      request.versions[String(id)] = version;
    }
    request.matches = body.matches;
    return request;
  }

  async getPreview(id: string, user: Requester): Promise<GedcomPreview> {
    const row = await this.previewRow(id, user);
    return { ...row.result, same_file: await sameFile(this.db, row.fileSha256) };
  }

  /** Drops a preview and its file. */
  async discardPreview(id: string, user: Requester): Promise<void> {
    await this.previewRow(id, user);
    await this.db.delete(gedcomPreviews).where(eq(gedcomPreviews.id, id));
    await rm(join(this.previewsDir, id), { recursive: true, force: true });
  }

  /**
   * Turns a preview into a queued import job: its file moves to the job's upload folder.
   * Replace is for admins (403); a refused file and an already imported file that is not
   * confirmed answer 409.
   */
  async commit(id: string, body: GedcomCommitBody, user: Requester): Promise<string> {
    const preview = await this.previewRow(id, user);
    if (body.mode === 'replace' && !hasRole(user.role, 'admin')) {
      throw forbidden(gedcomMessages.replaceAdminOnly);
    }
    if (body.mode === 'merge' && !hasRole(user.role, 'admin')) {
      throw forbidden(mergeImportMessages.mergeAdminOnly);
    }
    if (preview.result.refusal) throw new HttpError(409, preview.result.refusal);
    const merge = body.mode === 'merge' ? await this.mergeRequest(preview.matches, body) : null;
    const same = await sameFile(this.db, preview.fileSha256);
    if (same && !body.confirm_same_file) {
      throw new HttpError(409, gedcomMessages.sameFile(whenText(new Date(same.imported_at))));
    }
    // Another commit of the same preview, or the sweep, holds it: it is being taken.
    const lock = await this.database.tryHoldLock(LOCK_PREVIEW, id);
    if (!lock) throw notFound();
    const jobId = randomUUID();
    const jobLock = await this.database.tryHoldLock(LOCK_JOB, jobId);
    if (!jobLock) {
      await lock.release();
      throw new Error(`GEDCOM job ${jobId} is locked`);
    }
    const jobDir = join(this.jobs.uploadsDir, jobId);
    try {
      const [claimed] = await this.db
        .delete(gedcomPreviews)
        .where(eq(gedcomPreviews.id, id))
        .returning();
      if (!claimed) throw notFound();
      try {
        await mkdir(jobDir, { recursive: true, mode: 0o700 });
        await rename(join(this.previewsDir, id, 'upload.ged'), join(jobDir, 'upload.ged'));
        await this.jobs.enqueue({
          id: jobId,
          status: 'queued',
          fileName: claimed.fileName,
          createdById: user.id,
          mode: body.mode,
          fileSha256: claimed.fileSha256,
          fileSize: claimed.fileSize,
          counts: claimed.result.counts,
          merge,
        });
      } catch (error) {
        await rm(jobDir, { recursive: true, force: true });
        throw error;
      } finally {
        await rm(join(this.previewsDir, id), { recursive: true, force: true });
      }
    } finally {
      await jobLock.release();
      await lock.release();
    }
    return jobId;
  }

  /**
   * Removes expired previews with their files, and files of previews that have no row (their
   * process died while analysing, or their creator was deleted).
   */
  async sweepPreviews(): Promise<void> {
    const expired = await this.db
      .delete(gedcomPreviews)
      .where(lte(gedcomPreviews.expiresAt, new Date()))
      .returning({ id: gedcomPreviews.id });
    for (const { id } of expired) {
      await rm(join(this.previewsDir, id), { recursive: true, force: true });
    }
    const folders = (await readdir(this.previewsDir).catch(() => [])).filter((name) =>
      UUID.test(name),
    );
    for (const id of folders) {
      const lock = await this.database.tryHoldLock(LOCK_PREVIEW, id);
      if (!lock) continue;
      try {
        const [row] = await this.db
          .select({ id: gedcomPreviews.id })
          .from(gedcomPreviews)
          .where(eq(gedcomPreviews.id, id));
        if (!row) await rm(join(this.previewsDir, id), { recursive: true, force: true });
      } finally {
        await lock.release();
      }
    }
  }
}
