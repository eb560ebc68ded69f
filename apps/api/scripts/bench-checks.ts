/**
 * `npm run bench:checks`: the tree checks (GET /api/tree-checks/ and each kind's first page)
 * on a generated tree with a few planted errors, through the HTTP API as a moderator would.
 *
 * It generates the GEDCOM (tree-generator.ts, cached in the temp directory), starts the real
 * server on a fresh PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL) and imports the
 * file through POST /api/gedcom/import/, or, with `--reuse URL --password P`, starts the server
 * on a database kept by an earlier run (BENCH_KEEP=1 prints both) without importing again. It
 * times the first summary (the scanning kinds computed), plants errors through the API, times
 * the first summary after that write and how soon the new counts show, then the summary, the
 * moderation counts and each kind's first page warm (p50 / p95).
 *
 *   npm run bench:checks                                  # 1M persons
 *   npm run bench:checks -- --persons 100000 --requests 50
 *   BENCH_KEEP=1 npm run bench:checks                     # keeps the database for --reuse
 *   npm run bench:checks -- --reuse postgres://…/bagysh_bench_… --password …
 */
import { parseArgs } from 'node:util';
import { TREE_CHECK_KINDS, type TreeCheckSummary } from '@bagysh/shared';
import {
  adminUrl,
  closeHttp,
  importTree,
  logLoadAverage,
  percentile,
  request,
  startBenchServer,
} from './bench-support';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '100' },
    reuse: { type: 'string' },
    password: { type: 'string' },
  },
});
const PERSONS = Number(values.persons);

if (!adminUrl && !values.reuse) {
  console.log('bench:checks: skipped (set TEST_DATABASE_URL or DATABASE_URL)');
  process.exit(0);
}

console.log(`\n== tree checks: ${PERSONS.toLocaleString('en')} persons on postgres`);
logLoadAverage('start');
const server = await startBenchServer(
  'checks',
  'postgres',
  values.reuse ? { DATABASE_URL: values.reuse, ADMIN_PASSWORD: values.password ?? '' } : {},
);
const REQUESTS = Math.max(10, Number(values.requests));

/** Milliseconds of one request, which must answer 200. */
async function timed(path: string, token: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await request(server.base, path, { token });
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
  return { ms, body: response.body };
}

async function percentiles(path: string, token: string): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await timed(path, token)).ms);
  times.sort((a, b) => a - b);
  const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
  return `${p50.toFixed(1)} / ${p95.toFixed(1)}`;
}

async function post(path: string, body: unknown): Promise<{ id: number }> {
  const response = await request(server.base, path, {
    method: 'POST',
    token: server.token,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as { id: number };
}

try {
  if (!values.reuse) {
    const { importSeconds } = await importTree(server, PERSONS);
    console.log(`  import: ${importSeconds.toFixed(1)} s`);
  }
  const token = server.token;
  // The first read computes the scanning kinds' items (nothing kept yet).
  const first = await timed('/api/tree-checks/', token);
  console.log(`  first summary (every kind computed): ${first.ms.toFixed(0)} ms`);
  console.log(`  counts: ${JSON.stringify((JSON.parse(first.body) as TreeCheckSummary).counts)}`);

  // Planted through the API, as a moderator's mistakes: a son born before his father, a
  // flagged living person born 1900, a year in the future, a person with no links.
  const year = new Date().getUTCFullYear();
  const father = await post('/api/persons/', { name: 'Бенч Ата', birth_year: 1950 });
  await post('/api/persons/', { name: 'Бенч Уул', father_id: father.id, birth_year: 1945 });
  await post('/api/persons/', { name: 'Бенч Карыя', birth_year: 1900, is_living: true });
  await post('/api/persons/', { name: 'Бенч Келечек', birth_year: year + 3 });
  const written = Date.now();

  // After a write: the first read waits a moment for the new items, or answers the kept ones.
  const afterWrite = await timed('/api/tree-checks/', token);
  console.log(`  first summary after a write: ${afterWrite.ms.toFixed(0)} ms`);
  for (;;) {
    const summary = JSON.parse((await timed('/api/tree-checks/', token)).body) as TreeCheckSummary;
    if (Date.parse(summary.computed_at) >= written - 1000) {
      console.log(
        `  new counts after the write within ${((Date.now() - written) / 1000).toFixed(1)} s: ` +
          JSON.stringify(summary.counts),
      );
      break;
    }
    await new Promise((done) => setTimeout(done, 200));
  }

  console.log(`  ${REQUESTS} sequential requests each, as a moderator, ms p50 / p95:`);
  console.log('  | path | p50 / p95 |');
  console.log('  |---|---|');
  console.log(`  | summary (every count) | ${await percentiles('/api/tree-checks/', token)} |`);
  console.log(
    `  | moderation counts (with the checks) | ${await percentiles('/api/moderation/counts/', token)} |`,
  );
  for (const kind of TREE_CHECK_KINDS) {
    console.log(
      `  | ${kind}, first page | ${await percentiles(`/api/tree-checks/${kind}/`, token)} |`,
    );
  }
  console.log(
    `  | duplicate_children, page 10 | ${await percentiles('/api/tree-checks/duplicate_children/?page=10', token)} |`,
  );
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
