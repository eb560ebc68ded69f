import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gedcomMessages, type FileKind, type FileVisibility } from '@bagysh/shared';
import type yauzl from 'yauzl';
import type { Db } from '../../../db/client';
import { ownerUsedBytes } from '../../../files/file-blobs';
import { filesMessages } from '../../../files/file-messages';
import { sanitizeFileName } from '../../../files/file-names';
import {
  discardImportedFiles,
  isStoredAlready,
  stageImportedFile,
  type ImportedFile,
} from '../../../files/imported-files';
import type { FileStorage } from '../../../files/storage/file-storage';
import { ArchiveRefused, ZipArchive, type ArchiveLimits } from '../../../files/zip-archive';
import { child, type GedcomNode } from '../read/node';
import { GedcomError, type ImportReport } from '../read/report';
import { personEventOf, unionEventOf } from './events';

/**
 * GEDZip (.gdz, GEDCOM 7): a zip holding `gedcom.ged` and the media files its OBJE/FILE lines
 * name by relative path. The import takes out the GEDCOM, then stores each media file that an
 * OBJE link points to (of a person, a family, an event, a source or a citation) as an uploaded
 * file of the Files feature (same storage, size limit, quota and type checks as an upload; a
 * file of the same name and bytes stored before is reused), owned by whoever
 * started the import and visible to members only — but a primary photo (`_PRIM Y`) of a person
 * who is not living, which every guest may see as the person's photo, is public. Files are
 * staged first and stored in the import's last transaction (move.ts).
 */

/**
 * An OBJE/FILE path → the archive entry it names: GEDZip paths are relative URLs, so
 * percent-escapes are decoded; backslashes (Windows programs) and a leading `./` are undone.
 */
export function archivePath(value: string): string {
  let path = value.trim().replace(/\\/g, '/');
  if (/%[0-9a-f]{2}/i.test(path)) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not a valid escape: the name as written.
    }
  }
  return path.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

/** An open GEDZip archive: its GEDCOM and its other files by path, read under the limits. */
export class GedzipArchive {
  private readonly byPath = new Map<string, yauzl.Entry>();
  private readonly byLowerPath = new Map<string, yauzl.Entry>();

  private constructor(
    private readonly zip: ZipArchive,
    readonly gedcom: yauzl.Entry,
    /** Every file but the GEDCOM. */
    readonly files: readonly yauzl.Entry[],
  ) {
    for (const entry of files) {
      this.byPath.set(entry.fileName, entry);
      if (!this.byLowerPath.has(entry.fileName.toLowerCase())) {
        this.byLowerPath.set(entry.fileName.toLowerCase(), entry);
      }
    }
  }

  /**
   * Lists the archive at `path`; a zip without a GEDCOM file is refused as not a GEDCOM, a
   * hostile one (files/zip-archive.ts) with the reason.
   */
  static async open(path: string, limits: ArchiveLimits): Promise<GedzipArchive> {
    let zip: ZipArchive;
    try {
      zip = await ZipArchive.open(path, limits);
    } catch (error) {
      if (error instanceof ArchiveRefused) throw new GedcomError(error.message);
      throw new GedcomError(gedcomMessages.notGedcomKind('бул бузулган ZIP архиви'));
    }
    try {
      const files = zip.entries.filter((e) => !e.fileName.endsWith('/'));
      const geds = files.filter((e) => e.fileName.toLowerCase().endsWith('.ged'));
      const gedcom = geds.find((e) => e.fileName.toLowerCase() === 'gedcom.ged') ?? geds[0];
      if (!gedcom) {
        throw new GedcomError(
          gedcomMessages.notGedcomKind('бул ZIP архиви, ичинде GEDCOM (.ged) файлы жок'),
        );
      }
      return new GedzipArchive(
        zip,
        gedcom,
        files.filter((e) => e !== gedcom),
      );
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The entry an OBJE/FILE path names (the exact name first, then ignoring case). */
  find(path: string): yauzl.Entry | undefined {
    const name = archivePath(path);
    return this.byPath.get(name) ?? this.byLowerPath.get(name.toLowerCase());
  }

  /** An entry's bytes, metered against the archive's limits while they stream. */
  openEntry(entry: yauzl.Entry): Promise<Readable> {
    return this.zip.openEntry(entry);
  }

  /** Copies the GEDCOM to `target` for reading; a refusal removes the part written. */
  async extractGedcom(target: string): Promise<void> {
    try {
      await pipeline(await this.openEntry(this.gedcom), createWriteStream(target, { mode: 0o600 }));
    } catch (error) {
      await rm(target, { force: true });
      if (error instanceof ArchiveRefused) throw new GedcomError(error.message);
      throw error;
    }
  }

  close(): void {
    this.zip.close();
  }
}

/** What an OBJE link under a person, an event or a source says. */
export interface ObjeLink {
  /** A pointer to an OBJE record, or null for an inline link. */
  xref: string | null;
  /** An inline link's file path and its FILE line. */
  path: string | null;
  line: number;
  title: string | null;
  /** `_PRIM Y`: the person's primary photo. */
  primary: boolean;
}

const POINTER = /^@[^@\s]+@$/;

/**
 * An OBJE link: `1 OBJE @O1@` (with 7.0's `2 TITL`), or inline — 5.5.1 `2 FILE` + `3 FORM` +
 * `3 TITL`, 5.5 `2 FILE` + `2 TITL` beside it. Null when it names neither a record nor a file.
 */
export function objeLink(node: GedcomNode): ObjeLink | null {
  const value = node.value.trim();
  const primary = child(node, '_PRIM')?.value.trim().toUpperCase() === 'Y';
  if (POINTER.test(value)) {
    if (value === '@VOID@') return null;
    const title = child(node, 'TITL')?.value.trim() || null;
    return { xref: value, path: null, line: node.line, title, primary };
  }
  const file = child(node, 'FILE');
  if (!file || file.value.trim() === '') return null;
  const title = (child(file, 'TITL') ?? child(node, 'TITL'))?.value.trim() || null;
  return { xref: null, path: file.value.trim(), line: file.line, title, primary };
}

/** An OBJE record's first file: its path, line and title. */
export function objeRecordFile(
  record: GedcomNode,
): { path: string; line: number; title: string | null } | null {
  const file = child(record, 'FILE');
  if (!file || file.value.trim() === '') return null;
  const title = (child(file, 'TITL') ?? child(record, 'TITL'))?.value.trim() || null;
  return { path: file.value.trim(), line: file.line, title };
}

/**
 * The OBJE links that become media links: of a person, a family, a source record, a person's
 * or a family's events, and of the citations (SOUR) under a record, an event or a name. Links
 * of a family or a citation, which media links do not model, land on the nearest record that
 * holds media (media-links.ts).
 */
export function forEachObjeLink(record: GedcomNode, visit: (node: GedcomNode) => void): void {
  const isEvent =
    record.tag === 'INDI' ? personEventOf : record.tag === 'FAM' ? unionEventOf : null;
  if (!isEvent && record.tag !== 'SOUR') return;
  const citationLinks = (sour: GedcomNode) => {
    for (const c of sour.children) if (c.tag === 'OBJE') visit(c);
  };
  for (const node of record.children) {
    if (node.tag === 'OBJE') visit(node);
    else if (!isEvent) continue;
    else if (node.tag === 'SOUR') citationLinks(node);
    else if (isEvent(node.tag) || node.tag === 'NAME') {
      for (const c of node.children) {
        if (c.tag === 'OBJE' && node.tag !== 'NAME') visit(c);
        else if (c.tag === 'SOUR') citationLinks(c);
      }
    }
  }
}

/**
 * The OBJE links of a file, gathered by the import's first pass: the inline paths, the
 * pointers, and the OBJE records' files.
 */
export class MediaReferences {
  /** Path → where it is first named: the FILE line and its record's xref (or null). */
  readonly inline = new Map<string, { line: number; record: string | null }>();
  readonly pointers = new Set<string>();
  readonly records = new Map<string, { path: string; line: number; title: string | null }>();

  /** Pass 1 sees a record. */
  collect(record: GedcomNode): void {
    if (record.tag === 'OBJE' && record.xref) {
      const file = objeRecordFile(record);
      if (file && !this.records.has(record.xref)) this.records.set(record.xref, file);
      return;
    }
    forEachObjeLink(record, (node) => {
      const link = objeLink(node);
      if (link?.xref) this.pointers.add(link.xref);
      else if (link?.path && !this.inline.has(link.path)) {
        this.inline.set(link.path, { line: link.line, record: record.xref ?? null });
      }
    });
  }

  /** The file path a link names (through its record for a pointer), with its title. */
  resolve(link: ObjeLink): { path: string; title: string | null } | null {
    if (link.xref === null) return link.path === null ? null : { path: link.path, title: null };
    const record = this.records.get(link.xref);
    return record ? { path: record.path, title: record.title } : null;
  }

  /** Every path some link names, with the line to report it by. */
  wanted(): Map<string, { line: number; record: string | null }> {
    const paths = new Map(this.inline);
    for (const xref of this.pointers) {
      const record = this.records.get(xref);
      if (record && !paths.has(record.path)) {
        paths.set(record.path, { line: record.line, record: xref });
      }
    }
    return paths;
  }
}

/** What storing media asks of the caller: the Files feature's storage and limits, the owner. */
export interface MediaOptions {
  storage: FileStorage;
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
  /** Who will own the files (who started the import); null: no media are imported. */
  ownerId: number | null;
}

/** A staged media file of the archive. */
export interface StagedMedia {
  /** Index into `MediaFiles.files`. */
  index: number;
  kind: FileKind;
}

/** The staged media of an import: files to store, found by the paths the links name. */
export class MediaFiles {
  readonly files: ImportedFile[] = [];
  private readonly byPath = new Map<string, StagedMedia>();

  /** The staged file of a link's path (as written in the file), if it was staged. */
  get(path: string): StagedMedia | undefined {
    return this.byPath.get(path);
  }

  add(path: string, file: ImportedFile): StagedMedia {
    const staged = { index: this.files.length, kind: file.content.type.kind };
    this.files.push(file);
    this.byPath.set(path, staged);
    return staged;
  }

  /** Another path naming a file already staged. */
  alias(path: string, staged: StagedMedia): void {
    this.byPath.set(path, staged);
  }

  setVisibility(index: number, visibility: FileVisibility): void {
    const file = this.files[index];
    if (file) file.visibility = visibility;
  }

  /** Gives the files their row ids: `base`, `base + 1`, … */
  number(base: number): void {
    this.files.forEach((file, n) => (file.id = base + n));
  }

  discard(): Promise<void> {
    return discardImportedFiles(this.files);
  }
}

/**
 * Stages every archive file that a link names, checked as an upload (ids are given later, by
 * `number`); a path the archive lacks, a refused type or size, or a file over the owner's
 * quota is reported with its line. Archive files no link names are counted in one warning.
 * On failure nothing staged is left behind.
 */
export async function stageMedia(
  db: Db,
  archive: GedzipArchive,
  references: MediaReferences,
  options: MediaOptions,
  report: ImportReport,
): Promise<MediaFiles> {
  const media = new MediaFiles();
  const byEntry = new Map<yauzl.Entry, StagedMedia | null>();
  try {
    if (options.ownerId === null) {
      if (archive.files.length > 0) report.warn(null, null, 'gedzipMedia', archive.files.length);
      return media;
    }
    let quotaLeft = options.uploadQuotaBytes - (await ownerUsedBytes(db, options.ownerId));
    for (const [path, { line, record }] of references.wanted()) {
      const entry = archive.find(path);
      if (!entry) {
        report.warn(line, record, 'mediaMissing', path);
        continue;
      }
      const seen = byEntry.get(entry);
      if (seen !== undefined) {
        if (seen) media.alias(path, seen);
        continue;
      }
      byEntry.set(entry, null);
      const staged = await stageImportedFile(
        options,
        () => archive.openEntry(entry),
        entry.uncompressedSize,
      );
      if ('refused' in staged) {
        report.warn(line, record, 'mediaRefused', path, staged.refused);
        continue;
      }
      const file: ImportedFile = {
        id: 0,
        name: sanitizeFileName(
          entry.fileName.split('/').pop() ?? '',
          `file.${staged.content.type.extensions[0] ?? 'bin'}`,
        ),
        content: staged.content,
        visibility: 'members',
      };
      // A file imported before (the same name and bytes) is reused, taking no more quota.
      if (!(await isStoredAlready(db, options.ownerId, file))) {
        if (file.content.blob.size > quotaLeft) {
          await discardImportedFiles([file]);
          const reason = filesMessages.quotaExceeded(options.uploadQuotaBytes);
          report.warn(line, record, 'mediaRefused', path, reason);
          continue;
        }
        quotaLeft -= file.content.blob.size;
      }
      byEntry.set(entry, media.add(path, file));
    }
    const unused = archive.files.filter((e) => !byEntry.has(e)).length;
    if (unused > 0) report.warn(null, null, 'gedzipMedia', unused);
    return media;
  } catch (error) {
    await media.discard();
    if (error instanceof ArchiveRefused) throw new GedcomError(error.message);
    throw error;
  }
}
