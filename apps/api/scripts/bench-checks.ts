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
import { TREE_CHECK_KINDS, type TreeCheckSummary } from '@bagysh/shared';
import {
  closeHttp,
  logLoadAverage,
  p50p95,
  request,
  startReadBench,
  timedGet,
} from './bench-support';

const { server, requests } = await startReadBench('checks', 'tree checks');

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
  const token = server.token;
  // The first read computes the scanning kinds' items (nothing kept yet).
  const first = await timedGet(server, '/api/tree-checks/', token);
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
  const afterWrite = await timedGet(server, '/api/tree-checks/', token);
  console.log(`  first summary after a write: ${afterWrite.ms.toFixed(0)} ms`);
  for (;;) {
    const summary = JSON.parse(
      (await timedGet(server, '/api/tree-checks/', token)).body,
    ) as TreeCheckSummary;
    if (Date.parse(summary.computed_at) >= written - 1000) {
      console.log(
        `  new counts after the write within ${((Date.now() - written) / 1000).toFixed(1)} s: ` +
          JSON.stringify(summary.counts),
      );
      break;
    }
    await new Promise((done) => setTimeout(done, 200));
  }

  console.log(`  ${requests} sequential requests each, as a moderator, ms p50 / p95:`);
  console.log('  | path | p50 / p95 |');
  console.log('  |---|---|');
  console.log(
    `  | summary (every count) | ${await p50p95(server, '/api/tree-checks/', requests, token)} |`,
  );
  console.log(
    `  | moderation counts (with the checks) | ${await p50p95(server, '/api/moderation/counts/', requests, token)} |`,
  );
  for (const kind of TREE_CHECK_KINDS) {
    console.log(
      `  | ${kind}, first page | ${await p50p95(server, `/api/tree-checks/${kind}/`, requests, token)} |`,
    );
  }
  console.log(
    `  | duplicate_children, page 10 | ${await p50p95(server, '/api/tree-checks/duplicate_children/?page=10', requests, token)} |`,
  );
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
