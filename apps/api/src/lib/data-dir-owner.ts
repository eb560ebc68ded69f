import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `DATA_DIR/server.json`: which process has the embedded database open, and where it
 * serves. PGlite is not safe to open from two processes, so the server writes this
 * file before opening the database, `npm run backup` reads it to take the backup
 * through the running server, and the offline backup and restore claim it too.
 */
export interface DataDirOwner {
  pid: number;
  /** `server`, `backup` or `restore`. */
  role: string;
  /** The running server's base URL, once it listens. */
  url: string | null;
}

const ownerFile = (dataDir: string) => join(dataDir, 'server.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds `dataDir`, if any (a file left by a dead one does not count). */
export function dataDirOwner(dataDir: string): DataDirOwner | null {
  let owner: DataDirOwner;
  try {
    owner = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as DataDirOwner;
  } catch {
    return null;
  }
  if (owner.pid === process.pid || !isAlive(owner.pid)) return null;
  return owner;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    super(
      `${dataDir} is in use by process ${owner.pid} (${owner.role}${owner.url ? ` at ${owner.url}` : ''}). ` +
        `Its embedded database must not be opened twice: stop that process first, or remove ${ownerFile(dataDir)} if no such process exists.`,
    );
  }
}

/**
 * Claims `dataDir` for this process (refusing when another live process holds it)
 * and returns how to update the URL and how to let go.
 */
export async function claimDataDir(
  dataDir: string,
  role: string,
): Promise<{ setUrl(url: string): Promise<void>; release(): Promise<void> }> {
  const holder = dataDirOwner(dataDir);
  if (holder) throw new DataDirInUseError(dataDir, holder);
  await mkdir(dataDir, { recursive: true });
  const write = async (url: string | null) => {
    const partial = `${ownerFile(dataDir)}.${process.pid}`;
    await writeFile(partial, JSON.stringify({ pid: process.pid, role, url }), { mode: 0o600 });
    await rename(partial, ownerFile(dataDir));
  };
  await write(null);
  return {
    setUrl: (url) => write(url),
    release: async () => {
      // Only our own claim: a successor may already have written its own.
      try {
        const owner = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as DataDirOwner;
        if (owner.pid === process.pid) await rm(ownerFile(dataDir), { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}
