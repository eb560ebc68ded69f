/**
 * `npm run bench:export`: does a whole-tree GEDCOM export hold up everyone else?
 *
 * For each database (PGlite, then PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set) it
 * starts the real server on a fresh database, imports a synthetic tree (200k persons by
 * default), registers a member, and measures `GET /api/persons/{random id}/` as a guest
 * (sequential requests on one keep-alive connection, each answer checked: 200 and the id asked
 * for): first with nothing else running, then while `--exporters` member clients download
 * `GET /api/gedcom/export/` over and over. Refused exports (429) are retried after
 * `--retry-ms`, sooner than Retry-After says, so the server's export slots stay busy. Every
 * completed export is checked (HEAD, TRLR, one INDI per person of the tree). At the end the
 * export clients hang up mid-download, and the next export must be accepted: a disconnect
 * gives its slot back.
 *
 *   npm run bench:export
 *   npm run bench:export -- --persons 50000 --requests 300 --runs pglite
 *   npm run bench:export -- --export-concurrency 4   # the server setting EXPORT_CONCURRENCY
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import {
  forEachRun,
  getJson,
  importTree,
  logLoadAverage,
  percentile,
  rand,
  request,
  startBenchServer,
  type BenchServer,
} from './bench-support';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '300' },
    exporters: { type: 'string', default: '4' },
    exports: { type: 'string', default: '2' },
    'retry-ms': { type: 'string', default: '250' },
    'export-concurrency': { type: 'string' },
    runs: { type: 'string', default: 'pglite,postgres' },
  },
});
const PERSONS = Number(values.persons);
const REQUESTS = Number(values.requests);
const EXPORTERS = Number(values.exporters);
/** Whole exports the loaded measurement lasts at least. */
const EXPORTS_MEASURED = Number(values.exports);
const RETRY_MS = Number(values['retry-ms']);
const TARGET_P95_MS = 50;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Sequential guest requests for random persons, at least `count` and until `until()` holds;
 * every answer must be that person.
 */
async function personLatency(
  base: URL,
  ids: () => number,
  count: number,
  until: () => boolean = () => true,
): Promise<Figures & { requests: number }> {
  const times: number[] = [];
  for (let i = 0; i < count + 20 || !until(); i++) {
    const id = ids();
    const started = performance.now();
    const response = await request(base, `/api/persons/${id}/`);
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`person ${id}: ${response.status}`);
    const person = JSON.parse(response.body) as { id: number };
    if (person.id !== id) throw new Error(`asked for person ${id}, got ${person.id}`);
    if (i >= 20) times.push(elapsed); // the first 20 warm up
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
  };
}

interface ExportTally {
  completed: number;
  refused: number;
  bytes: number;
  /** Export clients currently receiving a 200 body. */
  receiving: number;
}

/** One export download on its own connection; resolves with the status and, for 200, checks. */
function downloadExport(
  base: URL,
  token: string,
  persons: number,
  tally: ExportTally,
  inFlight: Set<http.ClientRequest>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/gedcom/export/',
        agent: false,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status === 429) {
          if (!res.headers['retry-after']) reject(new Error('429 without Retry-After'));
          res.resume();
          res.on('end', () => resolve(status));
          return;
        }
        if (status !== 200) {
          reject(new Error(`export: ${status}`));
          return;
        }
        tally.receiving += 1;
        let individuals = 0;
        let head = '';
        let tail = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          tally.bytes += Buffer.byteLength(chunk);
          if (head.length < 6) head += chunk.slice(0, 6);
          // Count "@ INDI" at line ends across chunk boundaries.
          const text = tail + chunk;
          individuals += text.split(' INDI\n').length - 1;
          tail = text.slice(-8);
          if (tail.includes(' INDI\n')) tail = '';
        });
        res.on('close', () => {
          tally.receiving -= 1;
          if (!res.complete) {
            resolve(0); // hung up by us
            return;
          }
          if (!head.startsWith('0 HEAD') || !tail.endsWith('0 TRLR\n')) {
            reject(new Error('export without HEAD or TRLR'));
          } else if (individuals !== persons) {
            reject(new Error(`export has ${individuals} INDI records, the tree ${persons}`));
          } else {
            tally.completed += 1;
            resolve(status);
          }
        });
      },
    );
    inFlight.add(req);
    req.on('close', () => inFlight.delete(req));
    req.on('error', (error) => {
      if (req.destroyed && stopping) resolve(0);
      else reject(error);
    });
  });
}

let stopping = false;

async function registerMember(base: URL): Promise<string> {
  const response = await request(base, '/api/register/', {
    method: 'POST',
    body: JSON.stringify({ username: 'bench_member', password: 'kyrgyz-sanjyra-42' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${response.body}`);
  return (JSON.parse(response.body) as { access: string }).access;
}

async function benchRun(kind: 'pglite' | 'postgres') {
  console.log(`\n== export beside reads: ${PERSONS.toLocaleString('en')} persons on ${kind}`);
  logLoadAverage('start');
  const settings: Record<string, string> = {};
  if (values['export-concurrency']) settings.EXPORT_CONCURRENCY = values['export-concurrency'];
  const server: BenchServer = await startBenchServer(`export-${kind}`, kind, settings);
  const { base } = server;
  try {
    const { tree, importSeconds, idOf } = await importTree(server, PERSONS);
    console.log(`  import: ${importSeconds.toFixed(1)} s`);
    const { persons } = await getJson<{ persons: number }>(base, '/api/stats/');
    const member = await registerMember(base);
    const guestAnswer = await request(base, '/api/gedcom/export/');
    if (guestAnswer.status !== 401) throw new Error(`guest export: ${guestAnswer.status}`);
    const randomId = () => idOf(rand(tree.count));

    const idle = await personLatency(base, randomId, REQUESTS);

    stopping = false;
    const tally: ExportTally = { completed: 0, refused: 0, bytes: 0, receiving: 0 };
    const inFlight = new Set<http.ClientRequest>();
    const clients = Array.from({ length: EXPORTERS }, async () => {
      while (!stopping) {
        const status = await downloadExport(base, member, persons, tally, inFlight);
        if (status === 429) {
          tally.refused += 1;
          await sleep(RETRY_MS);
        }
      }
    });
    const exportsStarted = performance.now();
    while (tally.receiving === 0) await sleep(20);
    // Past the first batches, into the steady state.
    await sleep(1000);
    let busySamples = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      samples += 1;
      if (tally.receiving > 0) busySamples += 1;
    }, 50);
    // Across whole exports (their first batches and their last), not a moment of one.
    const loaded = await personLatency(
      base,
      randomId,
      REQUESTS,
      () => tally.completed >= EXPORTS_MEASURED,
    );
    clearInterval(sampler);
    const loadedSeconds = (performance.now() - exportsStarted) / 1000;
    const measured = { ...tally };

    // Hang up mid-download: the server must stop those exports and free their slots.
    stopping = true;
    for (const req of inFlight) req.destroy();
    await Promise.all(clients);
    let accepted = false;
    for (let i = 0; i < 100 && !accepted; i++) {
      const status = await downloadExport(base, member, persons, tally, inFlight);
      if (status === 200) accepted = true;
      else await sleep(100);
    }
    if (!accepted) throw new Error('exports still refused 10 s after their clients hung up');

    const row = (label: string, f: Figures & { requests: number }) =>
      `  | ${label} | ${f.requests} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} |`;
    console.log('  GET /api/persons/{random id}/ as a guest, sequential requests (ms):');
    console.log('  | while | requests | p50 | p95 | p99 | max |');
    console.log('  |---|---|---|---|---|---|');
    console.log(row('no export running', idle));
    console.log(row(`${EXPORTERS} member clients exporting`, loaded));
    console.log(
      `  exports: ${measured.completed} completed while measured (${persons.toLocaleString('en')} INDI each), ` +
        `${measured.refused} refused with 429, ${(measured.bytes / 1e6).toFixed(0)} MB in ` +
        `${loadedSeconds.toFixed(1)} s; an export was streaming ${((100 * busySamples) / Math.max(1, samples)).toFixed(0)}% of the time`,
    );
    const verdict = loaded.p95 <= TARGET_P95_MS ? 'meets' : 'MISSES';
    console.log(
      `  p95 under export ${loaded.p95.toFixed(1)} ms ${verdict} the ${TARGET_P95_MS} ms target`,
    );
    logLoadAverage('end');
  } finally {
    stopping = true;
    await server.close();
  }
}

await forEachRun(values.runs, 'export', benchRun);
