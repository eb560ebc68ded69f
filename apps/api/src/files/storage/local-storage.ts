import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  BlobNotFoundError,
  type ByteRange,
  type FileStorage,
  type StagedBlob,
  type StoredBlob,
} from './file-storage';

const TEMP_DIR = 'tmp';
const SHARD = /^[0-9a-f]{2}$/;
const BLOB = /^[0-9a-f]{64}$/;

/**
 * Who writes a temporary file, in its name: `<host>.<pid>.<boot id>.<uuid>.part`. The boot id
 * is new in every process, so a restarted server that got its predecessor's pid (pid 1 in a
 * container) still tells the dead writer's files from its own.
 */
const WRITER = {
  host: hostname().replace(/[^A-Za-z0-9-]/g, '_') || 'host',
  pid: process.pid,
  boot: randomBytes(8).toString('hex'),
};
/** The name of a new temporary file of `writer` (this process unless told otherwise). */
export function temporaryFileName(writer: { pid: number; boot: string } = WRITER): string {
  return `${WRITER.host}.${writer.pid}.${writer.boot}.${randomUUID()}.part`;
}
const TEMP_NAME = /^([A-Za-z0-9_-]+)\.(\d+)\.([0-9a-f]{16})\.[0-9a-f-]{36}\.part$/;

/** Whether a process with this pid runs on this machine (EPERM: it does, as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when the temporary file `name` was written by a process that is gone: this machine's,
 * and either our pid in an earlier life or a pid that no longer runs. Files of other machines
 * (a shared data directory), of live processes and of unknown names are left to the age sweep.
 */
export function isDeadWritersFile(name: string): boolean {
  const match = TEMP_NAME.exec(name);
  if (!match) return false;
  const [, host, pid, boot] = match;
  if (host !== WRITER.host) return false;
  if (Number(pid) === WRITER.pid) return boot !== WRITER.boot;
  return !processRuns(Number(pid));
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** fsync a directory so that a rename or create in it survives a power cut. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Blobs under `root/ab/cd/<sha256>`, temporary files under `root/tmp/` (the same
 * file system, so the final rename is atomic). A blob appears under its name
 * only complete and flushed: write to a temporary file, fsync, rename, fsync the
 * folder. Re-storing identical bytes just renames over the same content.
 */
export class LocalFileStorage implements FileStorage {
  readonly tempDir: string;

  constructor(readonly root: string) {
    this.tempDir = join(root, TEMP_DIR);
  }

  /** Where the blob of `key` lives (a backup hard-links it from here). */
  pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async stage(source: Readable): Promise<StagedBlob> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, temporaryFileName());
    const hash = createHash('sha256');
    let size = 0;
    // Created here, before any byte arrives, so that a failure can always delete it.
    const handle = await open(tempPath, 'wx', 0o600);
    try {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // `flush`: fsync before the descriptor is closed, so the bytes are on disk before the rename.
      await pipeline(source, counter, handle.createWriteStream({ flush: true }));
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(tempPath, { force: true });
      throw error;
    }

    const checksum = hash.digest('hex');
    const blob: StoredBlob = { key: checksum, checksum, size };
    let state: 'staged' | 'committed' | 'discarded' = 'staged';
    return {
      ...blob,
      path: tempPath,
      commit: async () => {
        if (state === 'committed') return blob;
        if (state === 'discarded') throw new Error('commit of a discarded blob');
        const target = this.pathOf(checksum);
        const dir = join(target, '..');
        await mkdir(dir, { recursive: true });
        await rename(tempPath, target);
        await syncDirectory(dir);
        state = 'committed';
        return blob;
      },
      discard: async () => {
        if (state !== 'staged') return;
        state = 'discarded';
        await rm(tempPath, { force: true });
      },
    };
  }

  async put(source: Readable): Promise<StoredBlob> {
    const staged = await this.stage(source);
    try {
      return await staged.commit();
    } finally {
      await staged.discard();
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    for (const first of await this.entries(this.root)) {
      if (!SHARD.test(first)) continue;
      for (const second of await this.entries(join(this.root, first))) {
        if (!SHARD.test(second)) continue;
        const dir = join(this.root, first, second);
        for (const name of await this.entries(dir)) {
          if (!BLOB.test(name)) continue;
          try {
            const info = await stat(join(dir, name));
            yield { key: name, modifiedAt: info.mtime };
          } catch (error) {
            if (!isNotFound(error)) throw error;
          }
        }
      }
    }
  }

  async removeStaleTemporaryFiles(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const name of await this.entries(this.tempDir)) {
      const path = join(this.tempDir, name);
      try {
        if ((await stat(path)).mtime < olderThan) {
          await rm(path, { force: true });
          removed += 1;
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return removed;
  }

  async removeDeadWritersFiles(): Promise<number> {
    let removed = 0;
    for (const name of await this.entries(this.tempDir)) {
      if (!isDeadWritersFile(name)) continue;
      await rm(join(this.tempDir, name), { force: true });
      removed += 1;
    }
    return removed;
  }

  private async entries(dir: string): Promise<string[]> {
    try {
      return await readdir(dir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }
}
