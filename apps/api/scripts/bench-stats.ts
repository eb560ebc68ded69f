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
import { parseArgs } from 'node:util';
import type { TribeStats } from '@bagysh/shared';
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
  console.log('bench:stats: skipped (set TEST_DATABASE_URL or DATABASE_URL)');
  process.exit(0);
}

console.log(`\n== tribe statistics: ${PERSONS.toLocaleString('en')} persons on postgres`);
logLoadAverage('start');
const server = await startBenchServer(
  'stats',
  'postgres',
  values.reuse ? { DATABASE_URL: values.reuse, ADMIN_PASSWORD: values.password ?? '' } : {},
);
const REQUESTS = Math.max(10, Number(values.requests));
const PATH = '/api/stats/tribe/';

/** Milliseconds of one request, which must answer 200. */
async function timed(token?: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await request(server.base, PATH, token ? { token } : {});
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${PATH}: ${response.status} ${response.body}`);
  return { ms, body: response.body };
}

async function percentiles(token?: string): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await timed(token)).ms);
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`;
}

try {
  if (!values.reuse) {
    const { importSeconds } = await importTree(server, PERSONS);
    console.log(`  import: ${importSeconds.toFixed(1)} s`);
  }
  const first = await timed();
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
  const afterWrite = await timed();
  const persons = (JSON.parse(afterWrite.body) as TribeStats).persons;
  console.log(
    `  first answer after a write (computed again): ${afterWrite.ms.toFixed(0)} ms, ` +
      `persons ${persons} (${persons === figures.persons + 1 ? 'fresh' : 'STALE'})`,
  );

  console.log(`  ${REQUESTS} sequential requests each, kept summary, ms p50 / p95:`);
  console.log('  | viewer | p50 / p95 |');
  console.log('  |---|---|');
  console.log(`  | guest | ${await percentiles()} |`);
  console.log(`  | admin | ${await percentiles(server.token)} |`);
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
