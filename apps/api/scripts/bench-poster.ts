/**
 * `npm run bench:poster`: the wall poster (GET /api/persons/{id}/poster.pdf) of a branch of
 * about 5,000 persons, through the real server, while a light request is asked again and again
 * beside it: the render must take ≤ 30 s and must not hold the other requests up.
 *
 * It imports the generated tree (tree-generator.ts) into a fresh database (PostgreSQL at
 * TEST_DATABASE_URL or DATABASE_URL, else PGlite), picks the person whose branch within
 * `--generations` (through sons and daughters) is the largest that is not over
 * `POSTER_LIMITS.maxPersons`, and downloads the poster as the admin on its own connection.
 * Meanwhile the person's page and `GET /api/health/` are asked in turn every 20 ms on another
 * connection. It prints the time to the last byte, the PDF's sheets and size, the server's
 * largest resident size seen during the render, and the light requests' p50 / p95 / max beside
 * the render and without it.
 *
 *   npm run bench:poster
 *   npm run bench:poster -- --persons 50000 --paper A4-tiles --script old_ky
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { POSTER_LIMITS, POSTER_PAPERS, PRINT_SCRIPTS } from '@bagysh/shared';
import {
  adminUrl,
  closeHttp,
  importTree,
  logLoadAverage,
  percentile,
  request,
  residentMb,
  startBenchServer,
} from './bench-support';
import type { GeneratedTree } from './tree-generator';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '40000' },
    generations: { type: 'string', default: String(POSTER_LIMITS.maxGenerations) },
    paper: { type: 'string', default: 'A4-tiles' },
    script: { type: 'string', default: 'ky' },
  },
});
const persons = Number(values.persons);
const generations = Number(values.generations);
const paper = values.paper as (typeof POSTER_PAPERS)[number];
const script = values.script as (typeof PRINT_SCRIPTS)[number];
if (!POSTER_PAPERS.includes(paper)) throw new Error(`--paper: one of ${POSTER_PAPERS.join(', ')}`);
if (!PRINT_SCRIPTS.includes(script))
  throw new Error(`--script: one of ${PRINT_SCRIPTS.join(', ')}`);

/**
 * The generator's person whose branch within `depth` generations (children through either
 * parent, each once) is the largest not over `limit`, and its size.
 */
function pickBranch(tree: GeneratedTree, depth: number, limit: number) {
  const children: number[][] = Array.from({ length: tree.count }, () => []);
  for (let i = 0; i < tree.count; i++) {
    for (const parent of [tree.father[i]!, tree.mother[i]!])
      if (parent >= 0) children[parent]!.push(i);
  }
  let best = { index: 0, size: 0 };
  for (let i = 0; i < tree.count; i++) {
    const seen = new Set([i]);
    let frontier = [i];
    for (let level = 0; level < depth && frontier.length > 0 && seen.size <= limit; level++) {
      const next: number[] = [];
      for (const person of frontier) {
        for (const child of children[person]!) {
          if (!seen.has(child)) {
            seen.add(child);
            next.push(child);
          }
        }
      }
      frontier = next;
    }
    if (seen.size <= limit && seen.size > best.size) best = { index: i, size: seen.size };
  }
  return best;
}

/**
 * Each of `paths` in turn, one every 20 ms, until `done` resolves: each path's answers'
 * milliseconds, sorted.
 */
async function lightRequests(
  server: { base: URL },
  paths: string[],
  done: Promise<unknown>,
  onTick: () => void = () => {},
) {
  const times = new Map(paths.map((path) => [path, [] as number[]]));
  let finished = false;
  void done.finally(() => (finished = true));
  for (let i = 0; !finished; i++) {
    const path = paths[i % paths.length]!;
    const started = performance.now();
    const response = await request(server.base, path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.get(path)!.push(performance.now() - started);
    onTick();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const list of times.values()) list.sort((a, b) => a - b);
  return times;
}

const figures = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
  `max ${(times.at(-1) ?? 0).toFixed(1)} ms (${times.length} requests)`;

const kind = adminUrl ? 'postgres' : 'pglite';
console.log(
  `\n== wall poster: a branch of ≤ ${POSTER_LIMITS.maxPersons} persons ` +
    `(${persons.toLocaleString('en')} imported, ${kind}), ${paper}, ${script}`,
);
logLoadAverage('start');
const server = await startBenchServer('poster', kind);
const dir = await mkdtemp(join(tmpdir(), 'bagysh-bench-poster-'));
try {
  const { tree, importSeconds, idOf } = await importTree(server, persons);
  console.log(`  import: ${importSeconds.toFixed(1)} s`);
  const branch = pickBranch(tree, generations, POSTER_LIMITS.maxPersons);
  console.log(
    `  branch: person ${idOf(branch.index)}, ${branch.size} persons in ${generations} generations`,
  );

  // A light read beside the render: a person's page, and the health check (database, files).
  const light = [`/api/persons/${idOf(branch.index)}/`, '/api/health/'];
  const quiet = new Promise((resolve) => setTimeout(resolve, 4000));
  const alone = await lightRequests(server, light, quiet);

  const url = new URL(
    `/api/persons/${idOf(branch.index)}/poster.pdf?generations=${generations}&paper=${paper}&script=${script}`,
    server.base,
  );
  const started = performance.now();
  const download = fetch(url, { headers: { authorization: `Bearer ${server.token}` } }).then(
    async (response) => {
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200)
        throw new Error(`poster: ${response.status} ${bytes.toString()}`);
      return { bytes, seconds: (performance.now() - started) / 1000 };
    },
  );
  let largest = residentMb(server.child.pid ?? 0);
  const beside = await lightRequests(server, light, download, () => {
    largest = Math.max(largest, residentMb(server.child.pid ?? 0));
  });
  const { bytes, seconds } = await download;
  const file = join(dir, 'poster.pdf');
  await writeFile(file, bytes);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
  // What the poster says it drew: "Урпактары: N муун, M киши" (in Cyrillic only).
  const first = execFileSync('pdftotext', ['-l', '1', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  const drawn = /Урпактары: (\d+) муун, (\d+) киши/u.exec(first);
  console.log(
    `  poster: ${seconds.toFixed(1)} s to the last byte, ${pages} sheets, ` +
      `${(bytes.length / 1e6).toFixed(1)} MB` +
      (drawn ? `, ${drawn[1]} generations and ${drawn[2]} persons drawn` : ''),
  );
  console.log(`  largest resident size of the server during the render: ${largest} MB`);
  for (const path of light) {
    console.log(`  GET ${path} alone:             ${figures(alone.get(path)!)}`);
    console.log(`  GET ${path} during the render: ${figures(beside.get(path)!)}`);
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  closeHttp();
  logLoadAverage('end');
}
