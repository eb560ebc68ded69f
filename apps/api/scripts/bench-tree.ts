/**
 * `npm run bench:tree`: the genealogy engine's speed through the HTTP API (issue 5).
 *
 * For each run (100k persons on PGlite and on PostgreSQL, 1M on PostgreSQL) it generates the
 * GEDCOM (tree-generator.ts, cached in the temp directory), starts the real server on
 * 127.0.0.1 on a fresh database, imports the file through POST /api/gedcom/import/ (timing it
 * and the server's peak RSS), then sends at least 1000 sequential guest requests per path and
 * prints p50/p95/p99.
 *
 * PostgreSQL comes from TEST_DATABASE_URL or DATABASE_URL (a fresh database is created there
 * and dropped afterwards); without one only the PGlite run happens.
 *
 *   npm run bench:tree                              # every run
 *   npm run bench:tree -- --runs pglite-100k        # one run (pglite-100k, postgres-100k, postgres-1m)
 *   npm run bench:tree -- --requests 2000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { generateTree, nameOf, writeGedcom, type GeneratedTree } from './tree-generator';

const ROOT = resolve(import.meta.dirname, '../../..');

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: 'pglite-100k,postgres-100k,postgres-1m' },
    requests: { type: 'string', default: '1000' },
  },
});
const REQUESTS = Math.max(1000, Number(values.requests));
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

interface Run {
  name: string;
  kind: 'pglite' | 'postgres';
  persons: number;
}
const RUNS: Run[] = [
  { name: 'pglite-100k', kind: 'pglite', persons: 100_000 },
  { name: 'postgres-100k', kind: 'postgres', persons: 100_000 },
  { name: 'postgres-1m', kind: 'postgres', persons: 1_000_000 },
];

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

// ---------------------------------------------------------------------------------------------
// HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(
  base: URL,
  path: string,
  options: { method?: string; token?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        agent,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

async function getJson<T>(base: URL, path: string, token?: string): Promise<T> {
  const response = await request(base, path, { token });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as T;
}

// ---------------------------------------------------------------------------------------------
// Server

/** Peak resident memory of a process, in MB (Linux). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: URL }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface PathResult {
  path: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function measure(base: URL, label: string, makePath: () => string): Promise<PathResult> {
  for (let i = 0; i < 50; i++) await request(base, makePath());
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const path = makePath();
    const started = performance.now();
    const response = await request(base, path);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
  }
  times.sort((a, b) => a - b);
  return {
    path: label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
  };
}

/** Replaces one letter of a name: the search must still find it. */
function typo(name: string): string {
  const letters = [...name];
  if (letters.length < 4) return name;
  const i = 1 + rand(letters.length - 2);
  const replacements = 'аоуыиэеөү';
  letters[i] = replacements[rand(replacements.length)] ?? 'а';
  return letters.join('');
}

function cursor(name: string, id: number): string {
  return Buffer.from(JSON.stringify({ v: name, id, d: 'n', o: 'name' })).toString('base64url');
}

async function gedcomFor(persons: number): Promise<{ path: string; tree: GeneratedTree }> {
  const tree = generateTree(persons, 1);
  const path = join(tmpdir(), `bagysh-bench-${persons}-seed1.ged`);
  if (!existsSync(path)) {
    const started = performance.now();
    await writeGedcom(tree, path);
    console.log(`  generated ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { path, tree };
}

async function benchRun(run: Run) {
  console.log(`\n== ${run.name}: ${run.persons.toLocaleString('en')} persons on ${run.kind}`);
  console.log(
    `  load average at the start: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
  const { path: gedcom, tree } = await gedcomFor(run.persons);
  const dataDir = await mkdtemp(join(tmpdir(), `bagysh-bench-${run.name}-`));
  const password = randomBytes(12).toString('hex');
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: password,
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
  };
  let dbName: string | undefined;
  if (run.kind === 'postgres') {
    if (!adminUrl) throw new Error('no TEST_DATABASE_URL or DATABASE_URL');
    dbName = `bagysh_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  } else {
    env.DATABASE_URL = '';
  }

  const { child, base } = await startServer(env);
  try {
    const login = await request(base, '/api/login/', {
      method: 'POST',
      body: JSON.stringify({ username: 'bench', password }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
    const token = (JSON.parse(login.body) as { access: string }).access;
    const before = await getJson<{ persons: number }>(base, '/api/stats/');

    // Import through the API, as an admin would.
    const form = new FormData();
    form.append('file', await openAsBlob(gedcom), 'tree.ged');
    const started = performance.now();
    const upload = await fetch(new URL('/api/gedcom/import/', base), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (upload.status !== 202) throw new Error(`import: ${upload.status} ${await upload.text()}`);
    const { job_id } = (await upload.json()) as { job_id: string };
    let job: { status: string; error: string | null; processed: number; total: number | null };
    for (;;) {
      await new Promise((done) => setTimeout(done, 500));
      job = await getJson(base, `/api/gedcom/jobs/${job_id}/`, token);
      if (job.status === 'done' || job.status === 'failed') break;
    }
    const importSeconds = (performance.now() - started) / 1000;
    if (job.status !== 'done') throw new Error(`import failed: ${job.error}`);
    const rssAfterImport = peakRssMb(child.pid ?? 0);
    console.log(
      `  import: ${importSeconds.toFixed(1)} s for ${run.persons.toLocaleString('en')} persons, ` +
        `server peak RSS ${rssAfterImport} MB`,
    );

    // The import reserved a block of ids right after the persons already there.
    const baseId = before.persons + 1;
    const first = await getJson<{ name: string }>(base, `/api/persons/${baseId}/`);
    if (first.name !== nameOf(tree, 0)) throw new Error('unexpected ids after the import');
    const idOf = (index: number) => baseId + index;
    const withFather = () => {
      for (;;) {
        const i = rand(tree.count);
        if ((tree.father[i] ?? -1) !== -1) return i;
      }
    };

    const results: PathResult[] = [];
    results.push(
      await measure(base, 'person by id', () => `/api/persons/${idOf(rand(tree.count))}/`),
    );
    results.push(
      await measure(
        base,
        'ancestors to root',
        () => `/api/persons/${idOf(rand(tree.count))}/ancestors/`,
      ),
    );
    results.push(
      await measure(
        base,
        'children with child counts',
        () => `/api/persons/${idOf(tree.father[withFather()] ?? 0)}/children/`,
      ),
    );
    results.push(
      await measure(
        base,
        'comparison of two random persons',
        () => `/api/comparison/?a=${idOf(rand(tree.count))}&b=${idOf(rand(tree.count))}`,
      ),
    );
    results.push(
      await measure(base, 'search (typo-tolerant)', () => {
        const i = withFather();
        const father = nameOf(tree, tree.father[i] ?? 0);
        const q =
          Math.random() < 0.5 ? typo(nameOf(tree, i)) : `${typo(nameOf(tree, i))} ${father}`;
        return `/api/search/?q=${encodeURIComponent(q)}`;
      }),
    );
    results.push(
      await measure(base, 'list page (any page)', () => {
        const i = rand(tree.count);
        return `/api/persons/?page_size=20&cursor=${cursor(nameOf(tree, i), idOf(i))}`;
      }),
    );
    const peak = peakRssMb(child.pid ?? 0);
    console.log(`  ${REQUESTS} requests per path, sequential, guest, 127.0.0.1 (ms):`);
    console.log('  | path | p50 | p95 | p99 | max |');
    console.log('  |---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `  | ${r.path} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} |`,
      );
    }
    console.log(`  server peak RSS over the whole run: ${peak} MB`);
    // Other work on the machine shows in every figure: say how busy it was.
    console.log(
      `  load average at the end: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')}`,
    );
    return { run, importSeconds, rssAfterImport, peak, results };
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    if (dbName && adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

const wanted = values.runs.split(',').map((name) => name.trim());
for (const run of RUNS.filter((r) => wanted.includes(r.name))) {
  if (run.kind === 'postgres' && !adminUrl) {
    console.log(`\n== ${run.name}: skipped (set TEST_DATABASE_URL or DATABASE_URL)`);
    continue;
  }
  await benchRun(run);
}
agent.destroy();
