import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the data directory holds (the database, password hashes in backups, members-only files,
 * the signing secret) is for the server's own user only (docs/security.md, Secrets and data at
 * rest): folders 0700, files 0600.
 */
export const PRIVATE_UMASK = 0o077;
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Makes everything this process creates from now on private, whatever the shell's umask. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes group and other permissions off `root` and everything under it. PGlite writes its
 * files 0666 whatever the umask, and a data directory made by an older version or by hand may
 * be open: walked at start and when the embedded database closes. Symbolic links are left
 * alone (their target is not ours to change); a name gone meanwhile is skipped.
 */
export async function makePrivate(root: string): Promise<void> {
  const info = await lstat(root).catch(() => undefined);
  if (!info || info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    if ((info.mode & 0o077) !== 0) await chmod(root, PRIVATE_DIR_MODE).catch(ignoreGone);
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names) await makePrivate(join(root, name));
  } else if ((info.mode & 0o077) !== 0) {
    await chmod(root, info.mode & PRIVATE_FILE_MODE).catch(ignoreGone);
  }
}

function ignoreGone(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
