import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './file-storage';
import { LocalFileStorage, temporaryFileName } from './local-storage';

const root = mkdtempSync(join(tmpdir(), 'bagysh-storage-test-'));
const storage = new LocalFileStorage(root);
afterAll(() => rm(root, { recursive: true, force: true }));

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const temporaryFiles = () => (existsSync(storage.tempDir) ? readdirSync(storage.tempDir) : []);

describe('LocalFileStorage', () => {
  it('stores content under its SHA-256 in sharded folders', async () => {
    const blob = await storage.put(Readable.from(['Багыш ', 'санжырасы']));
    const checksum = sha256('Багыш санжырасы');
    expect(blob).toEqual({ key: checksum, checksum, size: Buffer.byteLength('Багыш санжырасы') });
    const path = join(root, checksum.slice(0, 2), checksum.slice(2, 4), checksum);
    expect(statSync(path).size).toBe(blob.size);
    expect(await storage.exists(checksum)).toBe(true);
    expect(await text(await storage.open(checksum))).toBe('Багыш санжырасы');
    expect(temporaryFiles()).toEqual([]);
  });

  it('stores identical content once', async () => {
    const first = await storage.put(Readable.from(['same']));
    const second = await storage.put(Readable.from(['same']));
    expect(second.key).toBe(first.key);
    const keys: string[] = [];
    for await (const blob of storage.list()) keys.push(blob.key);
    expect(keys.filter((key) => key === first.key)).toHaveLength(1);
  });

  it('reads a byte range', async () => {
    const blob = await storage.put(Readable.from(['0123456789']));
    expect(await text(await storage.open(blob.key, { start: 2, end: 5 }))).toBe('2345');
  });

  it('keeps staged bytes out of sight until committed, and discard removes them', async () => {
    const staged = await storage.stage(Readable.from(['staged only']));
    expect(existsSync(staged.path)).toBe(true);
    expect(await storage.exists(staged.key)).toBe(false);
    await staged.discard();
    expect(existsSync(staged.path)).toBe(false);
    await expect(staged.commit()).rejects.toThrow();

    const kept = await storage.stage(Readable.from(['committed']));
    await kept.commit();
    await kept.discard(); // no-op once committed
    expect(await storage.exists(kept.key)).toBe(true);
    expect(temporaryFiles()).toEqual([]);
  });

  it('leaves no temporary file when the source fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.stage(failing)).rejects.toThrow('client went away');
    expect(temporaryFiles()).toEqual([]);
  });

  it('removes blobs, and reports missing ones', async () => {
    const blob = await storage.put(Readable.from(['to remove']));
    await storage.remove(blob.key);
    await storage.remove(blob.key);
    expect(await storage.exists(blob.key)).toBe(false);
    await expect(storage.open(blob.key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that are not checksums, so no path can be smuggled in', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove('..')).rejects.toThrow(/invalid storage key/);
  });
});

describe('temporary files of dead writers', () => {
  it('names each temporary file after its writer, so a start can remove a dead one’s at once', async () => {
    const exited = spawnSync(process.execPath, ['-e', '0']);
    const deadPid = exited.pid;
    const names = {
      ours: temporaryFileName(),
      ourPidEarlierLife: temporaryFileName({ pid: process.pid, boot: 'a'.repeat(16) }),
      deadProcess: temporaryFileName({ pid: deadPid, boot: 'b'.repeat(16) }),
      liveProcess: temporaryFileName({ pid: process.ppid, boot: 'c'.repeat(16) }),
      otherMachine: `elsewhere.${deadPid}.${'d'.repeat(16)}.${randomUUID()}.part`,
      oldStyle: `${randomUUID()}.part`,
    };
    mkdirSync(storage.tempDir, { recursive: true });
    for (const name of Object.values(names)) writeFileSync(join(storage.tempDir, name), 'x');

    expect(await storage.removeDeadWritersFiles()).toBe(2);
    expect(temporaryFiles().sort()).toEqual(
      [names.ours, names.liveProcess, names.otherMachine, names.oldStyle].sort(),
    );
    // The age sweep still takes what cannot be told apart, once it is old.
    expect(await storage.removeStaleTemporaryFiles(new Date(Date.now() + 60_000))).toBe(4);
    expect(temporaryFiles()).toEqual([]);
  });
});
