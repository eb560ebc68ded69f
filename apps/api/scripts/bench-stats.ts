/**
 * `npm run bench:stats`: the statistics page of the tribe (GET /api/stats/tribe/) on a generated
 * tree, through the HTTP API as a guest and as an admin would read it.
 *
 * It generates the GEDCOM (tree-generator.ts, cached in the temp directory), starts the real
 * server on a fresh PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL) and imports the
 * file, or, with `--reuse URL --password P`, starts the server on a database kept by an earlier
 * run (BENCH_KEEP=1 prints both). It times the first answer (the summary computed), the first
 * after a write (the summary dropped and computed again) and then the kept answer, warm, for a
 * guest and for an admin (p50 / p95).
 *
 *   npm run bench:stats                                   # 1M persons
 *   npm run bench:stats -- --persons 50000 --requests 50
 *   npm run bench:stats -- --reuse postgres://…/bagysh_bench_… --password …
 */
import type { TribeStats } from '@bagysh/shared';
import {
  closeHttp,
  logLoadAverage,
  p50p95,
  request,
  startReadBench,
  timedGet,
} from './bench-support';

const { server, requests } = await startReadBench('stats', 'tribe statistics');
const PATH = '/api/stats/tribe/';

try {
  const first = await timedGet(server, PATH);
  const figures = JSON.parse(first.body) as TribeStats;
  console.log(`  first answer (summary computed): ${first.ms.toFixed(0)} ms`);
  console.log(
    `  persons ${figures.persons}, generations ${figures.generations.length} cells, ` +
      `births ${figures.births.length} decades, clans ${figures.clans.length} cells`,
  );

  const response = await request(server.base, '/api/persons/', {
    method: 'POST',
    token: server.token,
    body: JSON.stringify({ name: 'Бенч Статистика', birth_year: 1900, death_year: 1970 }),
  });
  if (response.status !== 201) throw new Error(`add: ${response.status} ${response.body}`);
  const afterWrite = await timedGet(server, PATH);
  const persons = (JSON.parse(afterWrite.body) as TribeStats).persons;
  console.log(
    `  first answer after a write (computed again): ${afterWrite.ms.toFixed(0)} ms, ` +
      `persons ${persons} (${persons === figures.persons + 1 ? 'fresh' : 'STALE'})`,
  );

  console.log(`  ${requests} sequential requests each, kept summary, ms p50 / p95:`);
  console.log('  | viewer | p50 / p95 |');
  console.log('  |---|---|');
  console.log(`  | guest | ${await p50p95(server, PATH, requests)} |`);
  console.log(`  | admin | ${await p50p95(server, PATH, requests, server.token)} |`);
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
