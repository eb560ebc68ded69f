/**
 * `npm run bench:import-reads`: do guest reads and `/api/health/` stay fast while a large GEDCOM
 * import runs?
 *
 * For each database (PGlite, then PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set) it
 * starts the real server on a fresh database with the demonstration tree (DEMO_DATA=true), times
 * as a guest `GET /api/health/`, a person page of that tree, the name search for that person and
 * the home page `/`, in turn on one keep-alive connection (`--requests` each, after 5 warm-up
 * rounds), then uploads a synthetic tree (`--persons`, 200k by default) as the admin and times
 * the same four in a loop for as long as the import job runs (its status read between rounds,
 * untimed). `--burst-after` seconds into the import it also sends `--burst` guest person
 * requests at once, each on its own connection: past PGLITE_QUEUE_LIMIT (200) requests in
 * flight the server on the embedded database must answer 503 with Retry-After rather than keep
 * them waiting. Every answer other than 200 is counted: 503 (and whether it carried Retry-After) and
 * errors (any other status, a failed connection).
 *
 *   npm run bench:import-reads
 *   npm run bench:import-reads -- --persons 50000 --runs pglite --requests 50 --burst 0
 */
import { parseArgs } from 'node:util';
import {
  forEachRun,
  getJson,
  importedIdOf,
  importJob,
  logLoadAverage,
  percentile,
  request,
  startBenchServer,
  startImport,
  type BenchServer,
  type ImportJob,
} from './bench-support';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '100' },
    burst: { type: 'string', default: '300' },
    'burst-after': { type: 'string', default: '10' },
    runs: { type: 'string', default: 'pglite,postgres' },
  },
});
const PERSONS = Number(values.persons);
const REQUESTS = Math.max(10, Number(values.requests));
const BURST = Number(values.burst);
const BURST_AFTER_SECONDS = Number(values['burst-after']);

/** What one path's answers came to. */
interface Tally {
  times: number[];
  busy: number;
  busyWithoutRetryAfter: number;
  errors: number;
  firstError?: string;
}

const newTally = (): Tally => ({ times: [], busy: 0, busyWithoutRetryAfter: 0, errors: 0 });

/** One guest GET, timed and counted in `tally`; never throws. */
async function timed(base: URL, path: string, tally: Tally, newConnection = false): Promise<void> {
  const started = performance.now();
  try {
    const response = await request(base, path, { newConnection });
    tally.times.push(performance.now() - started);
    if (response.status === 200) return;
    if (response.status === 503) {
      tally.busy += 1;
      if (!response.headers['retry-after']) tally.busyWithoutRetryAfter += 1;
      return;
    }
    tally.errors += 1;
    tally.firstError ??= `${response.status} ${response.body.slice(0, 200)}`;
  } catch (error) {
    tally.times.push(performance.now() - started);
    tally.errors += 1;
    tally.firstError ??= String(error);
  }
}

/** The four guest paths: health, a person of the starting tree, a search for them, home. */
async function guestPaths(server: BenchServer): Promise<string[]> {
  for (let id = 1; id <= 100; id++) {
    const answer = await request(server.base, `/api/persons/${id}/`);
    if (answer.status !== 200) continue;
    const { name } = JSON.parse(answer.body) as { name: string };
    const word = name.split(/\s+/)[0] ?? name;
    const search = `/api/search/?q=${encodeURIComponent(word)}`;
    const found = await getJson<{ results: unknown[] }>(server.base, search);
    if (found.results.length === 0) throw new Error(`no results for ${search}`);
    const home = await request(server.base, '/');
    if (home.status !== 200 || !home.body.includes('<html'))
      throw new Error(`/: ${home.status} (is apps/web/dist built? npm run build)`);
    return ['/api/health/', `/api/persons/${id}/`, search, '/'];
  }
  throw new Error('no person of the starting tree visible to a guest among ids 1–100');
}

const LABELS = ['health', 'person page', 'name search', 'home page /'];

function figures(tally: Tally): string {
  const sorted = [...tally.times].sort((a, b) => a - b);
  const retryAfter = tally.busy
    ? ` (${tally.busy - tally.busyWithoutRetryAfter} with Retry-After)`
    : '';
  return (
    `${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ` +
    `${percentile(sorted, 95).toFixed(1)} | ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} | ` +
    `${tally.busy}${retryAfter} | ${tally.errors}`
  );
}

async function benchRun(kind: 'pglite' | 'postgres') {
  console.log(
    `\n== guest reads during an import: ${PERSONS.toLocaleString('en')} persons on ${kind}`,
  );
  logLoadAverage('start');
  const server = await startBenchServer(`import-reads-${kind}`, kind, { DEMO_DATA: 'true' });
  const { base } = server;
  try {
    const paths = await guestPaths(server);
    const { persons } = await getJson<{ persons: number }>(base, '/api/stats/');
    console.log(`  starting tree: ${persons} persons; paths: ${paths.join(', ')}`);

    // Before the import: 5 warm-up rounds, then `REQUESTS` of each path.
    const baseline = paths.map(newTally);
    const warmUp = paths.map(newTally);
    for (let round = 0; round < REQUESTS + 5; round++) {
      for (const [index, path] of paths.entries())
        await timed(base, path, (round < 5 ? warmUp : baseline)[index]!);
    }

    const started = await startImport(server, PERSONS);
    const uploadSeconds = (performance.now() - started.started) / 1000;
    const during = paths.map(newTally);
    const burst = newTally();
    /** The admin's reads of the job's status between rounds (not in the guest figures). */
    const polls = newTally();
    let burstDone: Promise<unknown> = Promise.resolve();
    let burstSent = false;
    let job: ImportJob = await importJob(server, started);
    let polled = performance.now();
    while (job.status !== 'done' && job.status !== 'failed') {
      for (const [index, path] of paths.entries()) await timed(base, path, during[index]!);
      const seconds = (performance.now() - started.started) / 1000;
      if (!burstSent && BURST > 0 && seconds >= BURST_AFTER_SECONDS) {
        burstSent = true;
        console.log(
          `  ${seconds.toFixed(0)} s into the import (${job.processed.toLocaleString('en')} ` +
            `processed): ${BURST} guest person requests at once`,
        );
        burstDone = Promise.all(
          Array.from({ length: BURST }, () => timed(base, paths[1]!, burst, true)),
        );
      }
      if (performance.now() - polled >= 500) {
        const asked = performance.now();
        job = await importJob(server, started);
        polled = performance.now();
        polls.times.push(polled - asked);
      }
    }
    const importSeconds = (performance.now() - started.started) / 1000;
    await burstDone;
    if (job.status !== 'done') throw new Error(`import failed: ${job.error}`);
    await importedIdOf(server, started);

    console.log(
      `  import: ${importSeconds.toFixed(1)} s from the upload to the job done ` +
        `(upload answered 202 after ${uploadSeconds.toFixed(1)} s)`,
    );
    console.log('  guest GETs, sequential on one connection (ms):');
    console.log('  | path | while | requests | p50 | p95 | max | 503 | errors |');
    console.log('  |---|---|---|---|---|---|---|---|');
    for (const [index, label] of LABELS.entries()) {
      console.log(`  | ${label} | before | ${figures(baseline[index]!)} |`);
      console.log(`  | ${label} | importing | ${figures(during[index]!)} |`);
    }
    if (burstSent) {
      const first = Math.min(...burst.times);
      console.log(
        `  | person page, ${BURST} at once | importing | ${figures(burst)} | first answer ${first.toFixed(0)} |`,
      );
    }
    console.log(`  | import job status, admin | importing | ${figures(polls)} |`);
    for (const [index, label] of LABELS.entries()) {
      const error = during[index]!.firstError ?? baseline[index]!.firstError;
      if (error) console.log(`  first error of ${label}: ${error}`);
    }
    if (burst.firstError) console.log(`  first error of the burst: ${burst.firstError}`);
    const health = [...during[0]!.times].sort((a, b) => a - b);
    const p95 = percentile(health, 95);
    console.log(
      `  /api/health/ p95 during the import ${p95.toFixed(1)} ms ${p95 <= 1000 ? 'is within' : 'EXCEEDS'} 1 s`,
    );
    logLoadAverage('end');
  } finally {
    await server.close();
  }
}

await forEachRun(values.runs, 'import reads', benchRun);
