import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { formatFileSize } from '@bagysh/shared';
import yauzl from 'yauzl';

/**
 * A zip archive read under limits, for archives that anyone with an upload right sends (GEDZip):
 * the entry count, the total uncompressed size and the compression ratio are checked on the
 * central directory when the archive is opened (a bomb is refused before a byte is unpacked),
 * and again on the bytes actually unpacked while they stream, since the sizes a zip declares
 * may lie. An entry named with `..` or an absolute path refuses the whole archive, naming it.
 */

export interface ArchiveLimits {
  /** The most bytes all entries may unpack to together. */
  maxBytes: number;
  /** The most entries (files and folders). */
  maxEntries: number;
  /** The most an entry (or the whole archive) may grow when unpacked, as a ratio. */
  maxRatio: number;
}

/** Below this many unpacked bytes the ratio is not looked at: a small file cannot hurt. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export const archiveMessages = {
  tooManyEntries: (max: number) =>
    `Архивде файлдар өтө көп: ${max} файлдан ашпашы керек. Мындай архив кабыл алынбайт.`,
  tooLarge: (max: number) =>
    `Архив ачылганда өтө чоң болот: ичиндеги файлдар жалпысынан ${formatFileSize(max)} ашпашы керек. Мындай архив кабыл алынбайт.`,
  tooCompressed: (name: string, max: number) =>
    `Архивдеги «${name}» файлы ачылганда ${max} эседен ашык чоңоёт: бул архив-бомба болушу мүмкүн. Мындай архив кабыл алынбайт.`,
  unsafePath: (name: string) =>
    `Архивдеги «${name}» файлынын жолу кооптуу ("..", же абсолюттук жол): мындай архив кабыл алынбайт.`,
  brokenEntry: (name: string) =>
    `Архивдеги «${name}» файлы бузулган: архивди кайра түзүп жүктөңүз.`,
} as const;

/** A refused archive: `statusCode` 400 (a bad name, a broken entry) or 413 (too large). */
export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused';
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** yauzl's own refusals of a file name: `absolute path: /etc/passwd`, `invalid relative path: ../x`. */
const BAD_NAME = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s;

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // autoClose off: entries are read after the listing has ended, then the file is closed.
    // validateEntrySizes off: the meter below checks the bytes against the declared sizes.
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });
}

/** Raised by `ZipArchive.open` when the file is not a readable zip at all. */
export class NotAZip extends Error {
  override name = 'NotAZip';
}

export class ZipArchive {
  /** Bytes unpacked so far from every entry together. */
  private unpacked = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly limits: ArchiveLimits,
    /** Every entry, folders included. */
    readonly entries: readonly yauzl.Entry[],
  ) {}

  /**
   * Lists the archive at `path` under `limits`: ArchiveRefused for a hostile archive, NotAZip
   * for a file that is no zip.
   */
  static async open(path: string, limits: ArchiveLimits): Promise<ZipArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(path);
    } catch {
      throw new NotAZip();
    }
    try {
      // The count the archive declares, before any entry is read.
      if (zip.entryCount > limits.maxEntries) {
        throw new ArchiveRefused(413, archiveMessages.tooManyEntries(limits.maxEntries));
      }
      const entries = await listEntries(zip, limits);
      const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
      if (declared > limits.maxBytes) {
        throw new ArchiveRefused(413, archiveMessages.tooLarge(limits.maxBytes));
      }
      for (const entry of entries) {
        if (tooCompressed(entry.uncompressedSize, entry.compressedSize, limits)) {
          throw new ArchiveRefused(
            413,
            archiveMessages.tooCompressed(entry.fileName, limits.maxRatio),
          );
        }
      }
      const { size } = await stat(path);
      if (tooCompressed(declared, size, limits)) {
        const name = entries[0]?.fileName ?? '';
        throw new ArchiveRefused(413, archiveMessages.tooCompressed(name, limits.maxRatio));
      }
      return new ZipArchive(zip, limits, entries);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /**
   * The unpacked bytes of `entry`, metered while they stream: more bytes than the entry
   * declared, than the archive may unpack to, or a ratio past the limit destroy the stream
   * with ArchiveRefused; a corrupt entry with ArchiveRefused too.
   */
  async openEntry(entry: yauzl.Entry): Promise<Readable> {
    const source = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
    }).catch(() => {
      throw new ArchiveRefused(400, archiveMessages.brokenEntry(entry.fileName));
    });
    let count = 0;
    const limits = this.limits;
    const addUnpacked = (bytes: number) => (this.unpacked += bytes);
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        count += chunk.length;
        if (addUnpacked(chunk.length) > limits.maxBytes) {
          done(new ArchiveRefused(413, archiveMessages.tooLarge(limits.maxBytes)));
        } else if (tooCompressed(count, entry.compressedSize, limits)) {
          done(
            new ArchiveRefused(413, archiveMessages.tooCompressed(entry.fileName, limits.maxRatio)),
          );
        } else if (count > entry.uncompressedSize) {
          // It declared fewer bytes than it holds: the archive lies.
          done(new ArchiveRefused(400, archiveMessages.brokenEntry(entry.fileName)));
        } else {
          done(null, chunk);
        }
      },
      flush(done) {
        done(
          count === entry.uncompressedSize
            ? null
            : new ArchiveRefused(400, archiveMessages.brokenEntry(entry.fileName)),
        );
      },
    });
    source.on('error', () => {
      meter.destroy(new ArchiveRefused(400, archiveMessages.brokenEntry(entry.fileName)));
    });
    // Unpacking stops as soon as the reader stops (a refusal or a cancel).
    meter.on('close', () => source.destroy());
    return source.pipe(meter);
  }

  close(): void {
    this.zip.close();
  }
}

function tooCompressed(unpacked: number, packed: number, limits: ArchiveLimits): boolean {
  return unpacked > RATIO_FLOOR_BYTES && unpacked > Math.max(packed, 1) * limits.maxRatio;
}

/** Every entry of the central directory; a name with `..` or an absolute path refuses it. */
function listEntries(zip: yauzl.ZipFile, limits: ArchiveLimits): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > limits.maxEntries) {
        reject(new ArchiveRefused(413, archiveMessages.tooManyEntries(limits.maxEntries)));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => {
      const bad = BAD_NAME.exec(error.message);
      if (bad) reject(new ArchiveRefused(400, archiveMessages.unsafePath(bad[1] ?? '')));
      else reject(new NotAZip());
    });
    zip.readEntry();
  });
}

/** Whether the file at `path` starts like a zip archive (`PK\x03\x04`, or an empty one). */
export function looksLikeZip(head: Buffer): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 0x03 || head[2] === 0x05) &&
    (head[3] === 0x04 || head[3] === 0x06)
  );
}
