/**
 * What the benchmarks (bench-tree, bench-paint, bench-export, bench-checks, bench-stats,
 * bench-import-reads) share:
 * the synthetic GEDCOM cached in the temp directory, the real server on 127.0.0.1 on a fresh database (PGlite in a temp
 * directory, or a PostgreSQL database created at TEST_DATABASE_URL / DATABASE_URL and dropped
 * afterwards) with a signed-in admin, the import through POST /api/gedcom/import/, and the
 * figures (percentiles, peak RSS, load average).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createPostgresDatabase } from '../../../scripts/postgres-database';
import { generateTree, nameOf, writeGedcom, type GeneratedTree } from './tree-generator';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** The PostgreSQL server the benchmarks create their databases on, if any. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * Runs `bench` for each database named in `--runs` ("pglite,postgres"), then closes the HTTP
 * agent; PostgreSQL is skipped, loudly, without a server to run on.
 */
export async function forEachRun(
  runs: string,
  what: string,
  bench: (kind: 'pglite' | 'postgres') => Promise<void>,
): Promise<void> {
  for (const kind of runs.split(',').map((name) => name.trim())) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`unknown run ${kind}`);
    if (kind === 'postgres' && !adminUrl) {
      console.log(
        `\n*** ${what} on postgres: SKIPPED, TEST_DATABASE_URL (or DATABASE_URL) is not set ***`,
      );
      continue;
    }
    await bench(kind);
  }
  closeHttp();
}

export function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

// ---------------------------------------------------------------------------------------------
// HTTP: one keep-alive connection, as a browser tab would reuse.

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function request(
  base: URL,
  path: string,
  options: { method?: string; token?: string; body?: string; newConnection?: boolean } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolvePromise, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        // A connection of its own: requests sent at once are in flight at once.
        agent: options.newConnection ? false : agent,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

export async function getJson<T>(base: URL, path: string, token?: string): Promise<T> {
  const response = await request(base, path, { token });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as T;
}

/** Closes the keep-alive connection, so the process can exit. */
export function closeHttp(): void {
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// Figures

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Peak resident memory of a process, in MB (Linux). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Resident memory of a process now, in MB (Linux). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Other work on the machine shows in every figure: say how busy it was. */
export function logLoadAverage(when: 'start' | 'end'): void {
  console.log(
    `  load average at the ${when}: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The synthetic tree

/** The generated tree and its GEDCOM file, written once per size into the temp directory. */
export async function gedcomFor(persons: number): Promise<{ path: string; tree: GeneratedTree }> {
  const tree = generateTree(persons, 1);
  const path = join(tmpdir(), `bagysh-bench-${persons}-seed1-records-names.ged`);
  if (!existsSync(path)) {
    const started = performance.now();
    // Written aside and renamed, so a concurrent run never reads a half-written file.
    const partial = `${path}.${process.pid}.partial`;
    await writeGedcom(tree, partial);
    await rename(partial, path);
    console.log(`  generated ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { path, tree };
}

// ---------------------------------------------------------------------------------------------
// The server

async function startServer(
  env: Record<string, string>,
  root: string,
): Promise<{ child: ChildProcess; base: URL }> {
  const child = spawn(
    process.execPath,
    [...SERVE_FLAGS, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const base = await new Promise<URL>((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) resolvePromise(new URL(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, base };
}

/**
 * The Node.js flags `npm run serve` (and `npm start`) give the server: its heap limit
 * (decision 012) decides how much memory an import takes.
 */
const SERVE_FLAGS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } }
).scripts.serve
  .split(' ')
  .filter((word) => word.startsWith('--'));

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export interface BenchServer {
  base: URL;
  /** The server's DATA_DIR, and its DATABASE_URL on PostgreSQL. */
  dataDir: string;
  databaseUrl: string | undefined;
  child: ChildProcess;
  /** The admin's access token (valid for a day). */
  token: string;
  /**
   * Stops the server and removes its data directory and database (kept, and named, when
   * BENCH_KEEP=1, to look into a slow query afterwards).
   */
  close(): Promise<void>;
}

/**
 * The real server (src/server.ts, NODE_ENV=production, so it also serves apps/web/dist) on
 * 127.0.0.1 and a free port, on a fresh database, with its admin signed in. `root` is the
 * checkout it runs from: this one, or another commit's (`checkoutOf`).
 */
export async function startBenchServer(
  name: string,
  kind: 'pglite' | 'postgres',
  settings: Record<string, string> = {},
  root: string = ROOT,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `bagysh-bench-${name}-`));
  // A database kept by an earlier run (BENCH_KEEP=1) comes with its admin's password.
  const password = settings.ADMIN_PASSWORD ?? randomBytes(12).toString('hex');
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: password,
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
    ...settings,
  };
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  if (kind === 'postgres' && !settings.DATABASE_URL) {
    if (!adminUrl) throw new Error('no TEST_DATABASE_URL or DATABASE_URL');
    database = await createPostgresDatabase(adminUrl, 'bagysh_bench');
  }
  env.DATABASE_URL = database?.url ?? settings.DATABASE_URL ?? '';

  let child: ChildProcess | undefined;
  const close = async () => {
    if (child) await stopServer(child);
    if (process.env.BENCH_KEEP === '1') {
      console.log(
        `  kept (BENCH_KEEP=1): DATA_DIR=${dataDir} DATABASE_URL=${env.DATABASE_URL} ` +
          `ADMIN_PASSWORD=${password}`,
      );
      return;
    }
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const started = await startServer(env, root);
    child = started.child;
    const login = await request(started.base, '/api/login/', {
      method: 'POST',
      body: JSON.stringify({ username: 'bench', password }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
    const token = (JSON.parse(login.body) as { access: string }).access;
    return {
      base: started.base,
      dataDir,
      databaseUrl: env.DATABASE_URL || undefined,
      child,
      token,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A GEDCOM import started through POST /api/gedcom/import/, its job still running. */
export interface StartedImport {
  tree: GeneratedTree;
  jobId: string;
  /** `performance.now()` just before the upload. */
  started: number;
  /** The persons in the database before the import (the demonstration tree, if loaded). */
  personsBefore: number;
}

/** Uploads the generated tree of `persons` as the admin; the job runs on in the server. */
export async function startImport(server: BenchServer, persons: number): Promise<StartedImport> {
  const { base, token } = server;
  const { path, tree } = await gedcomFor(persons);
  const before = await getJson<{ persons: number }>(base, '/api/stats/');

  const form = new FormData();
  form.append('file', await openAsBlob(path), 'tree.ged');
  const started = performance.now();
  const upload = await fetch(new URL('/api/gedcom/import/', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 202) throw new Error(`import: ${upload.status} ${await upload.text()}`);
  const { job_id } = (await upload.json()) as { job_id: string };
  return { tree, jobId: job_id, started, personsBefore: before.persons };
}

export interface ImportJob {
  status: string;
  error: string | null;
  processed: number;
  total: number | null;
}

/** The import job's state now, as the admin reads it. */
export function importJob(server: BenchServer, started: StartedImport): Promise<ImportJob> {
  return getJson(server.base, `/api/gedcom/jobs/${started.jobId}/`, server.token);
}

/**
 * After the job is done: checks the first imported person and gives the id of the generator's
 * person `index` (the import reserves a block of ids right after the persons already there).
 */
export async function importedIdOf(
  server: BenchServer,
  started: StartedImport,
): Promise<(index: number) => number> {
  const baseId = started.personsBefore + 1;
  const first = await getJson<{ name: string }>(server.base, `/api/persons/${baseId}/`);
  if (first.name !== nameOf(started.tree, 0)) throw new Error('unexpected ids after the import');
  return (index) => baseId + index;
}

/**
 * Imports the generated tree of `persons` through POST /api/gedcom/import/, as an admin would,
 * and waits for the job. `idOf(index)` is the id of the generator's person `index`.
 */
export async function importTree(
  server: BenchServer,
  persons: number,
): Promise<{ tree: GeneratedTree; importSeconds: number; idOf: (index: number) => number }> {
  const started = await startImport(server, persons);
  let job: ImportJob;
  // Where in the import the memory peaks: the resident size at each poll, the largest kept.
  let largest = { mb: 0, seconds: 0, processed: 0 };
  for (;;) {
    await new Promise((done) => setTimeout(done, 500));
    job = await importJob(server, started);
    const mb = residentMb(server.child.pid ?? 0);
    if (mb > largest.mb) {
      largest = {
        mb,
        seconds: (performance.now() - started.started) / 1000,
        processed: job.processed,
      };
    }
    if (job.status === 'done' || job.status === 'failed') break;
  }
  const importSeconds = (performance.now() - started.started) / 1000;
  console.log(
    `  largest resident size seen while importing: ${largest.mb} MB at ` +
      `${largest.seconds.toFixed(0)} s (${largest.processed.toLocaleString('en')} processed)`,
  );
  if (job.status !== 'done') throw new Error(`import failed: ${job.error}`);
  return { tree: started.tree, importSeconds, idOf: await importedIdOf(server, started) };
}

/**
 * A checkout of `revision` beside this one, to run its server against this one's in the same
 * benchmark: a git worktree in the temp directory whose node_modules are this checkout's
 * packages, except the workspaces, which point into the worktree (so its own
 * packages/shared is the one it runs with). Made once per commit and reused.
 */
export async function checkoutOf(revision: string): Promise<string> {
  const commit = execFileSync('git', ['rev-parse', '--short', `${revision}^{commit}`], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const dir = join(tmpdir(), `bagysh-bench-checkout-${commit}`);
  if (existsSync(join(dir, 'node_modules'))) return dir;
  await rm(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
  const modules = join(dir, 'node_modules');
  await mkdir(join(modules, '@bagysh'), { recursive: true });
  for (const entry of await readdir(join(ROOT, 'node_modules'))) {
    if (entry === '@bagysh') continue;
    await symlink(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  const workspaces = { shared: 'packages/shared', api: 'apps/api', web: 'apps/web' };
  for (const [name, path] of Object.entries(workspaces))
    await symlink(join(dir, path), join(modules, '@bagysh', name));
  for (const path of ['apps/api/node_modules', 'apps/web/node_modules', 'apps/web/dist'])
    if (existsSync(join(ROOT, path))) await symlink(join(ROOT, path), join(dir, path));
  console.log(`  checked out ${commit} in ${dir}`);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// A read benchmark on PostgreSQL: the options, the server and the timings its scripts share

/**
 * The server of a read benchmark (bench-checks.ts, bench-stats.ts) with the generated tree of
 * `--persons` imported: a fresh PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL), or with
 * `--reuse URL --password P` one kept by an earlier run (BENCH_KEEP=1). Without a database the
 * process says it is skipped and exits. `requests` is `--requests`, at least 10; `--persons`
 * defaults to a million, or `defaults.persons`.
 */
export async function startReadBench(
  name: string,
  title: string,
  defaults: { persons?: number; options?: Record<string, string> } = {},
): Promise<{
  server: BenchServer;
  requests: number;
  persons: number;
  /** The script's own `--name value` options (`defaults.options`: their defaults). */
  options: Record<string, string>;
  tree: GeneratedTree;
  idOf: (index: number) => number;
}> {
  const own = Object.fromEntries(
    Object.entries(defaults.options ?? {}).map(([key, value]) => [
      key,
      { type: 'string' as const, default: value },
    ]),
  );
  const { values } = parseArgs({
    options: {
      persons: { type: 'string', default: String(defaults.persons ?? 1_000_000) },
      requests: { type: 'string', default: '100' },
      reuse: { type: 'string' },
      password: { type: 'string' },
      ...own,
    },
  });
  const persons = Number(values.persons);
  if (!adminUrl && !values.reuse) {
    console.log(`bench:${name}: skipped (set TEST_DATABASE_URL or DATABASE_URL)`);
    process.exit(0);
  }
  console.log(`\n== ${title}: ${persons.toLocaleString('en')} persons on postgres`);
  logLoadAverage('start');
  const server = await startBenchServer(
    name,
    'postgres',
    values.reuse ? { DATABASE_URL: values.reuse, ADMIN_PASSWORD: values.password ?? '' } : {},
  );
  const requests = Math.max(10, Number(values.requests));
  const options = Object.fromEntries(
    Object.keys(own).map((key) => [key, String((values as Record<string, unknown>)[key])]),
  );
  try {
    if (!values.reuse) {
      const { tree, importSeconds, idOf } = await importTree(server, persons);
      console.log(`  import: ${importSeconds.toFixed(1)} s`);
      return { server, requests, persons, options, tree, idOf };
    }
    const { tree } = await gedcomFor(persons);
    return { server, requests, persons, options, tree, idOf: await importedIds(server, tree) };
  } catch (error) {
    // A server left running would go on with its background jobs beside the next run.
    await server.close();
    throw error;
  }
}

/**
 * The ids of an imported tree in a kept database: the import reserved a block right after
 * the persons there before it (the demonstration tree); earlier runs' writes and merges since
 * moved the count a little either way.
 */
async function importedIds(
  server: BenchServer,
  tree: GeneratedTree,
): Promise<(index: number) => number> {
  const { persons } = await getJson<{ persons: number }>(server.base, '/api/stats/');
  const estimate = persons - tree.count + 1;
  for (let step = 0; step < 1000; step++) {
    const baseId = estimate + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
    if (baseId < 1) continue;
    // The first five persons of the file, by name (a merge may have taken one away).
    let same = 0;
    for (let index = 0; index < 5; index++) {
      const person = await request(server.base, `/api/persons/${baseId + index}/`);
      if (person.status !== 200) continue;
      if ((JSON.parse(person.body) as { name: string }).name !== nameOf(tree, index)) break;
      same++;
    }
    if (same >= 4) return (index) => baseId + index;
  }
  throw new Error('the generated tree is not in this database');
}

/** Milliseconds of one GET of `path`, which must answer 200, and its body. */
export async function timedGet(
  server: BenchServer,
  path: string,
  token?: string,
): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await request(server.base, path, token ? { token } : {});
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
  return { ms, body: response.body };
}

/** `p50 / p95` in ms of `requests` sequential GETs of `path`. */
export async function p50p95(
  server: BenchServer,
  path: string,
  requests: number,
  token?: string,
): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push((await timedGet(server, path, token)).ms);
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`;
}
