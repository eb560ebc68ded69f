/**
 * `npm run bench:book`: the printed book (GET /api/persons/{id}/book.pdf) of a branch of about
 * 2 000 persons, through the HTTP API as an admin (who sees everyone in full) and a guest would
 * download it: time to the last byte, the server's peak resident memory during the render, and
 * the size and pages of the PDF.
 *
 * It generates the GEDCOM (tree-generator.ts, cached in the temp directory), starts the real
 * server on a fresh PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL) and imports the
 * file, or, with `--reuse URL --password P`, starts the server on a database kept by an earlier
 * run (BENCH_KEEP=1 prints both). The branch is the person whose descendants within the book's
 * largest number of generations (12) come nearest to `--branch` (2 000).
 *
 *   npm run bench:book                                    # 50 000 persons, a 2 000 branch
 *   npm run bench:book -- --persons 200000 --branch 3000
 */
import { writeFileSync } from 'node:fs';
import { BOOK_LIMITS } from '@bagysh/shared';
import { readPdf } from '../src/test/pdf-text';
import {
  closeHttp,
  gedcomFor,
  logLoadAverage,
  peakRssMb,
  residentMb,
  startReadBench,
  type BenchServer,
} from './bench-support';
import type { GeneratedTree } from './tree-generator';

const { server, persons, options } = await startReadBench('book', 'the book of a branch', {
  persons: 50_000,
  options: { branch: '2000' },
});
const wanted = Number(options.branch);

/**
 * The generator's person whose descendants (through fathers and mothers, as the book follows
 * them) within the book's largest number of generations number nearest to `target`.
 */
function branchOf(tree: GeneratedTree, target: number): { index: number; size: number } {
  const children = new Map<number, number[]>();
  for (let i = 0; i < tree.count; i++) {
    for (const parent of [tree.father[i] ?? -1, tree.mother[i] ?? -1]) {
      if (parent >= 0) children.set(parent, [...(children.get(parent) ?? []), i]);
    }
  }
  const sizeOf = (root: number) => {
    const seen = new Set([root]);
    let level = [root];
    for (let g = 1; g < BOOK_LIMITS.maxGenerations && level.length > 0; g++) {
      level = level.flatMap((p) => children.get(p) ?? []).filter((c) => !seen.has(c));
      for (const c of level) seen.add(c);
    }
    return seen.size;
  };
  let best = { index: 0, size: 0 };
  // Men of the older half of the tree: the younger have too few generations below.
  for (let i = 0; i < tree.count; i++) {
    if (tree.sex[i] !== 1 || (tree.generation[i] ?? 0) > tree.generations / 2) continue;
    const size = sizeOf(i);
    if (Math.abs(size - target) < Math.abs(best.size - target)) best = { index: i, size };
  }
  return best;
}

/** One download: ms to the last byte, the peak resident memory meanwhile, the bytes. */
async function download(bench: BenchServer, path: string, token?: string) {
  const pid = bench.child.pid ?? 0;
  // The peak since the import: reset it (Linux: 5 > clear_refs), so it is this render's.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let peak = residentMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 50);
  const started = performance.now();
  const response = await fetch(new URL(path, bench.base), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${bytes.toString()}`);
  return { ms, bytes, peakMb: Math.max(peak, peakRssMb(pid)) };
}

try {
  const { tree } = await gedcomFor(persons);
  const branch = branchOf(tree, wanted);
  // The import reserves ids right after the persons already there (the demonstration tree).
  const stats = (await (await fetch(new URL('/api/stats/', server.base))).json()) as {
    persons: number;
  };
  const id = stats.persons - tree.count + 1 + branch.index;
  console.log(
    `  branch: person ${id}, ${branch.size} persons in ${BOOK_LIMITS.maxGenerations} generations`,
  );
  console.log('  | reader | script | persons | pages | size | last byte | peak RSS |');
  console.log('  |---|---|---|---|---|---|---|');
  for (const [reader, token] of [
    ['admin', server.token],
    ['guest', undefined],
  ] as const) {
    let count = '?';
    for (const script of ['ky', 'old_ky'] as const) {
      const result = await download(
        server,
        `/api/persons/${id}/book.pdf?generations=${BOOK_LIMITS.maxGenerations}&script=${script}`,
        token,
      );
      const { pages, text } = await readPdf(result.bytes);
      // The title page says how many persons the book holds ("6 муун, 1 987 адам").
      count = /(\d+) адам/.exec(text)?.[1] ?? count;
      console.log(
        `  | ${reader} | ${script} | ${count} | ${pages.length} | ` +
          `${(result.bytes.length / 1024 / 1024).toFixed(1)} MB | ` +
          `${(result.ms / 1000).toFixed(2)} s | ${result.peakMb} MB |`,
      );
    }
  }
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
