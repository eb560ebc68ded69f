import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfFile } from './modules/files/test/fixtures';
import { scriptArgs } from './test/built-scripts';
import { serverDatabase, startServerProcess } from './test/server-process';
import { settingsOnlyEnv } from './test/child-env';

/**
 * The data directory and everything in it are the server's user's only (docs/security.md,
 * Secrets and data at rest): the real server in a process of its own, started on a fresh
 * DATA_DIR under the usual umask 022, with an upload and two backups taken; then every
 * folder and file is walked.
 */

const PASSWORD = 'Tuura-Syrsoz-2024';
const SECRET = 'private-files-test-secret-that-is-long-enough-for-hs256';
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Every path under `root` (itself included) whose group or other bits are set. */
async function openPaths(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (path: string) => {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o777;
    const wanted = info.isDirectory() ? 0o700 : 0o600;
    if ((mode & 0o077) !== 0 || (mode & wanted) !== wanted) {
      out.push(`${relative(root, path) || '.'} ${mode.toString(8)}`);
    }
    if (info.isDirectory()) for (const name of await readdir(path)) await walk(join(path, name));
  };
  await walk(root);
  return out;
}

async function run(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: settingsOnlyEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  expect(code, output).toBe(0);
  return output;
}

describe('the data directory', () => {
  it('is created private, the embedded database and backups included', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'bagysh-private-test-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = join(parent, 'data');
    // What an older version left: an open folder with an open file.
    await mkdir(join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    await writeFile(join(dataDir, 'outbox', 'old.eml'), 'old mail\n', { mode: 0o644 });
    expect(await openPaths(dataDir)).not.toEqual([]);

    const database = await serverDatabase();
    cleanups.push(() => database.drop());
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: SECRET,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
    };
    const server = await startServerProcess(env, { brandNew: true });
    cleanups.push(() => server.stop('SIGKILL'));
    const login = await fetch(new URL('/api/login/', server.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };

    const form = new FormData();
    form.append('file', new Blob([pdfFile()]), 'hujjat.pdf');
    const upload = await fetch(new URL('/api/files/', server.base), {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const backup = await fetch(new URL('/api/backup/', server.base), {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(backup.status).toBe(200);
    await backup.arrayBuffer();

    // `npm run backup` through the running server: the archive is the user's only too.
    const archive = join(parent, 'site.tar.gz');
    await run(scriptArgs('backup', ['--out', archive, '--server', server.base.href]), {
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
    });
    expect(((await lstat(archive)).mode & 0o777).toString(8)).toBe('600');
    expect(await openPaths(dataDir)).toEqual([]);

    await server.stop('SIGTERM');
    expect(await openPaths(dataDir)).toEqual([]);
  }, 180_000);
});
