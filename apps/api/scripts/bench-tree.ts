/**
 * `npm run bench:tree`: the genealogy engine's speed through the HTTP API.
 *
 * For each run (100k persons on PGlite and on PostgreSQL, 1M on PostgreSQL) it generates the
 * GEDCOM (tree-generator.ts, cached in the temp directory), starts the real server on
 * 127.0.0.1 on a fresh database, imports the file through POST /api/gedcom/import/ (timing it
 * and the server's peak RSS), then sends at least 1000 sequential guest requests per path and
 * prints p50/p95/p99. "All relations of two random persons" (GET /api/relations/) first checks
 * that a person and their father are found as father and son.
 *
 * PostgreSQL comes from TEST_DATABASE_URL or DATABASE_URL (a fresh database is created there
 * and dropped afterwards); without one only the PGlite run happens.
 *
 *   npm run bench:tree                              # every run
 *   npm run bench:tree -- --runs pglite-100k        # one run (pglite-100k, postgres-100k, postgres-1m)
 *   npm run bench:tree -- --requests 2000
 *   BENCH_KEEP=1 npm run bench:tree -- --runs postgres-1m   # keeps the database to EXPLAIN in
 *   npm run bench:tree -- --runs postgres-100k --against HEAD~3
 *
 * With `--against REV` each run also starts REV's server (a worktree, see `checkoutOf`) on a
 * database of its own with the same tree, and every timed request goes to both servers in turn
 * (the order alternating), so that the two are measured under the same load; the table then
 * gives each path's p50 and p95 on both and their ratio (this checkout / REV).
 */
import { parseArgs } from 'node:util';
import type { RelationsResponse } from '@bagysh/shared';
import {
  adminUrl,
  type BenchServer,
  checkoutOf,
  closeHttp,
  getJson,
  importTree,
  logLoadAverage,
  peakRssMb,
  percentile,
  rand,
  request,
  startBenchServer,
} from './bench-support';
import { nameOf } from './tree-generator';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: 'pglite-100k,postgres-100k,postgres-1m' },
    requests: { type: 'string', default: '1000' },
    against: { type: 'string' },
  },
});
const REQUESTS = Math.max(1000, Number(values.requests));

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

interface PathResult {
  path: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summary(path: string, times: number[]): PathResult {
  times.sort((a, b) => a - b);
  return {
    path,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
  };
}

/**
 * Sends 50 warm-up and then `REQUESTS` timed requests to each server in `bases` (each path to
 * every server, in an order that alternates); every answer must be a 200 and pass `check`
 * (which returns what is wrong, or null). One result per server, in the order of `bases`.
 */
async function measure(
  bases: readonly URL[],
  label: string,
  makePath: () => string,
  check: (body: string) => string | null = () => null,
): Promise<PathResult[]> {
  for (let i = 0; i < 50; i++) for (const base of bases) await request(base, makePath());
  const times = bases.map((): number[] => []);
  for (let i = 0; i < REQUESTS; i++) {
    const path = makePath();
    const order = bases.map((_, b) => b);
    if (i % 2 === 1) order.reverse();
    for (const b of order) {
      const started = performance.now();
      const response = await request(bases[b] as URL, path);
      times[b]?.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
      const wrong = check(response.body);
      if (wrong) throw new Error(`${path}: ${wrong}`);
    }
  }
  return times.map((list) => summary(label, list));
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

function cursor(v: string | number, id: number, ordering = 'name'): string {
  return Buffer.from(JSON.stringify({ v, id, d: 'n', o: ordering })).toString('base64url');
}

/** A full list page (the random cursors stay clear of the list's last page). */
function fullPage(body: string): string | null {
  const page = JSON.parse(body) as { results: unknown[] };
  return page.results.length === 20 ? null : `${page.results.length} results instead of 20`;
}

function printTable(results: readonly PathResult[]) {
  console.log('  | path | p50 | p95 | p99 | max |');
  console.log('  |---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `  | ${r.path} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} |`,
    );
  }
}

/** Each path on this checkout and on `name`, and the ratio (this / other: above 1 is slower). */
function printComparison(results: readonly PathResult[][], name: string) {
  console.log(`  | path | p50 | p50 ${name} | ratio | p95 | p95 ${name} | ratio |`);
  console.log('  |---|---|---|---|---|---|---|');
  for (const [mine, theirs] of results) {
    if (!mine || !theirs) continue;
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');
    console.log(
      `  | ${mine.path} | ${mine.p50.toFixed(2)} | ${theirs.p50.toFixed(2)} | ${ratio(mine.p50, theirs.p50)} ` +
        `| ${mine.p95.toFixed(2)} | ${theirs.p95.toFixed(2)} | ${ratio(mine.p95, theirs.p95)} |`,
    );
  }
}

async function benchRun(run: Run) {
  console.log(`\n== ${run.name}: ${run.persons.toLocaleString('en')} persons on ${run.kind}`);
  logLoadAverage('start');
  const server = await startBenchServer(run.name, run.kind);
  const { base, child } = server;
  let other: BenchServer | undefined;
  try {
    if (against) other = await startBenchServer(`${run.name}-against`, run.kind, {}, against.root);
    // Import through the API, as an admin would.
    const { tree, importSeconds, idOf } = await importTree(server, run.persons);
    const rssAfterImport = peakRssMb(child.pid ?? 0);
    console.log(
      `  import: ${importSeconds.toFixed(1)} s for ${run.persons.toLocaleString('en')} persons, ` +
        `server peak RSS ${rssAfterImport} MB`,
    );
    if (other) {
      const imported = await importTree(other, run.persons);
      if (imported.idOf(0) !== idOf(0)) throw new Error(`${against?.name}: other ids after import`);
      console.log(`  import on ${against?.name}: ${imported.importSeconds.toFixed(1)} s`);
    }
    const bases = other ? [base, other.base] : [base];

    const withFather = () => {
      for (;;) {
        const i = rand(tree.count);
        if ((tree.father[i] ?? -1) !== -1) return i;
      }
    };

    const results: PathResult[][] = [];
    results.push(
      await measure(bases, 'person by id', () => `/api/persons/${idOf(rand(tree.count))}/`),
    );
    results.push(
      await measure(
        bases,
        'ancestors to root',
        () => `/api/persons/${idOf(rand(tree.count))}/ancestors/`,
      ),
    );
    results.push(
      await measure(
        bases,
        'children with child counts',
        () => `/api/persons/${idOf(tree.father[withFather()] ?? 0)}/children/`,
      ),
    );
    results.push(
      await measure(
        bases,
        'comparison of two random persons',
        () => `/api/comparison/?a=${idOf(rand(tree.count))}&b=${idOf(rand(tree.count))}`,
      ),
    );
    // Relations by any path: a known pair first, then random pairs.
    const son = withFather();
    const known = await getJson<RelationsResponse>(
      base,
      `/api/relations/?a=${idOf(son)}&b=${idOf(tree.father[son] ?? 0)}`,
    );
    const first = known.relations[0];
    if (first?.kind !== 'blood' || first.path.length !== 2 || first.path[1]?.link !== 'father') {
      throw new Error(`relations of a person and their father: ${JSON.stringify(first)}`);
    }
    results.push(
      await measure(
        bases,
        'all relations of two random persons',
        () => `/api/relations/?a=${idOf(rand(tree.count))}&b=${idOf(rand(tree.count))}&max=50`,
        (body) => {
          const answer = JSON.parse(body) as RelationsResponse;
          return answer.relations.every((r) => r.path.length >= 1)
            ? null
            : 'a relation without a path';
        },
      ),
    );
    results.push(
      await measure(bases, 'search (typo-tolerant)', () => {
        const i = withFather();
        const father = nameOf(tree, tree.father[i] ?? 0);
        const q =
          Math.random() < 0.5 ? typo(nameOf(tree, i)) : `${typo(nameOf(tree, i))} ${father}`;
        return `/api/search/?q=${encodeURIComponent(q)}`;
      }),
    );
    results.push(
      await measure(bases, 'list page (any page)', () => {
        const i = rand(tree.count);
        return `/api/persons/?page_size=20&cursor=${cursor(nameOf(tree, i), idOf(i))}`;
      }),
    );
    // A guest's birth-year order: known years of the dead by index, then unknown or hidden
    // years (living persons) by id.
    results.push(
      await measure(
        bases,
        'list page by birth year (guest)',
        () => {
          const i = rand(Math.floor(tree.count * 0.9));
          const v = Math.random() < 0.2 ? 100_000 : (tree.birthYear[i] ?? 0);
          const c = cursor(v, idOf(i), 'birth_year');
          return `/api/persons/?ordering=birth_year&page_size=20&cursor=${c}`;
        },
        fullPage,
      ),
    );
    const peak = peakRssMb(child.pid ?? 0);
    console.log(`  ${REQUESTS} requests per path, sequential, guest, 127.0.0.1 (ms):`);
    if (against) printComparison(results, against.name);
    else printTable(results.map(([mine]) => mine as PathResult));
    console.log(`  server peak RSS over the whole run: ${peak} MB`);
    logLoadAverage('end');
  } finally {
    await server.close();
    await other?.close();
  }
}

const against = values.against
  ? { name: values.against, root: await checkoutOf(values.against) }
  : undefined;
const wanted = values.runs.split(',').map((name) => name.trim());
for (const run of RUNS.filter((r) => wanted.includes(r.name))) {
  if (run.kind === 'postgres' && !adminUrl) {
    console.log(`\n== ${run.name}: skipped (set TEST_DATABASE_URL or DATABASE_URL)`);
    continue;
  }
  await benchRun(run);
}
closeHttp();
