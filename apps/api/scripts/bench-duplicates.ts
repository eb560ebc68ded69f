/**
 * `npm run bench:duplicates`: many families, one tree, at scale, through the HTTP API as a
 * moderator and an admin would use it:
 *   - the duplicate finder: a full run of the background job, then its first page warm;
 *   - merging: pairs from the finder merged one after another (time of each apply), and one
 *     merge reverted;
 *   - importing a family's file with matching: a branch of 2 000 persons of the tree, written
 *     again with the noise of another family's program (о for ө, Latin letters, years left out),
 *     previewed, and its matches computed; how many persons found their own tree person.
 *
 * The tree, the server and `--reuse` are bench-support.ts's (see bench-checks.ts).
 *
 *   npm run bench:duplicates                              # 1M persons
 *   npm run bench:duplicates -- --persons 100000 --requests 20
 *   npm run bench:duplicates -- --reuse postgres://…/bagysh_bench_… --password …
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuplicateList, GedcomMatches, GedcomPreview, MergePreview } from '@bagysh/shared';
import { latinOf } from '../src/modules/duplicates/duplicates.test-support';
import {
  closeHttp,
  getJson,
  logLoadAverage,
  p50p95,
  percentile,
  request,
  startReadBench,
} from './bench-support';
import { writeGedcom, type GeneratedTree } from './tree-generator';

const FILE_PERSONS = 2000;
const MERGES = 30;

const { server, requests, tree, idOf } = await startReadBench(
  'duplicates',
  'duplicate finder, merge and matching import',
);
const { base, token } = server;

async function send(method: string, path: string, body?: unknown) {
  return request(base, path, {
    method,
    token,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The finder after a full run of its job; the run's seconds. */
async function fullRun(): Promise<{ seconds: number; list: DuplicateList }> {
  const started = performance.now();
  const queued = await send('POST', '/api/persons/duplicates/refresh/', { full: true });
  if (queued.status !== 202) throw new Error(`refresh: ${queued.status} ${queued.body}`);
  for (;;) {
    await new Promise((done) => setTimeout(done, 1000));
    const list = await getJson<DuplicateList>(base, '/api/persons/duplicates/', token);
    if (list.run?.status === 'failed') throw new Error(`finder run failed: ${list.run.error}`);
    if (list.run?.status === 'done' && list.run.full) {
      return { seconds: (performance.now() - started) / 1000, list };
    }
  }
}

/** Merges up to `MERGES` of the finder's pairs, each person in one merge at most. */
async function mergePairs(list: DuplicateList): Promise<{ times: number[]; revisions: number[] }> {
  const used = new Set<number>();
  const times: number[] = [];
  const revisions: number[] = [];
  for (let page = 1; times.length < MERGES && page <= 20; page++) {
    const pairs =
      page === 1
        ? list.results
        : (await getJson<DuplicateList>(base, `/api/persons/duplicates/?page=${page}`, token))
            .results;
    for (const { a, b } of pairs) {
      if (times.length >= MERGES) break;
      if (used.has(a.id) || used.has(b.id)) continue;
      used.add(a.id).add(b.id);
      const preview = await getJson<MergePreview>(
        base,
        `/api/persons/merge/?a=${a.id}&b=${b.id}`,
        token,
      );
      if (preview.refusal !== null || preview.fathers_differ) continue;
      const started = performance.now();
      const response = await send('POST', '/api/persons/merge/', {
        a: a.id,
        b: b.id,
        versions: { a: preview.a.version, b: preview.b.version },
      });
      const ms = performance.now() - started;
      if (response.status !== 200) continue;
      times.push(ms);
      revisions.push((JSON.parse(response.body) as { revision_id: number }).revision_id);
    }
  }
  return { times, revisions };
}

/**
 * A family's file: the first `FILE_PERSONS` descendants (breadth first) of a man in the
 * tree's middle generations, as another program would write them — every third name with о
 * for ө and у for ү, every tenth in Latin letters, every fifth birth year left out.
 */
async function familyFile(): Promise<{ path: string; indices: number[] }> {
  const middle = Math.floor(tree.generations / 2);
  const children = new Map<number, number[]>();
  for (let i = 0; i < tree.count; i++) {
    const father = tree.father[i] ?? -1;
    if (father !== -1) children.set(father, [...(children.get(father) ?? []), i]);
  }
  // The man of the middle generation with the largest line below him.
  let root = -1;
  let rootSize = 0;
  for (let i = 0; i < tree.count; i++) {
    if (tree.generation[i] !== middle || tree.sex[i] !== 1) continue;
    let size = 0;
    const queue = [i];
    while (queue.length > 0 && size < FILE_PERSONS) {
      size++;
      queue.push(...(children.get(queue.shift() ?? 0) ?? []));
    }
    if (size > rootSize) [root, rootSize] = [i, size];
    if (size >= FILE_PERSONS) break;
  }
  const indices: number[] = [];
  const queue = [root];
  while (queue.length > 0 && indices.length < FILE_PERSONS) {
    const i = queue.shift() ?? 0;
    indices.push(i);
    queue.push(...(children.get(i) ?? []));
  }
  const path = join(tmpdir(), `bagysh-bench-family-${tree.count}.ged`);
  await writeGedcom(branchOf(tree, indices), path);
  let line = 0;
  const noisy = (await readFile(path, 'utf8'))
    .split('\n')
    .map((text) => {
      if (text.startsWith('1 NAME ')) {
        line++;
        const name = text.slice(7);
        if (line % 10 === 0) return `1 NAME ${latinOf(name)}`;
        if (line % 3 === 0) return `1 NAME ${name.replaceAll('ө', 'о').replaceAll('ү', 'у')}`;
      }
      return text;
    })
    .filter(
      (text, i, lines) => !(text.startsWith('2 DATE ') && lines[i - 1] === '1 BIRT' && i % 5 === 0),
    )
    .join('\n');
  await writeFile(path, noisy);
  return { path, indices };
}

/** The generated tree cut to `indices`, re-numbered from 0; parents outside it dropped. */
function branchOf(whole: GeneratedTree, indices: number[]): GeneratedTree {
  const at = new Map(indices.map((index, k) => [index, k]));
  const pick = <T extends Int32Array | Uint8Array | Uint16Array | Int16Array>(array: T): T => {
    const copy = new (array.constructor as new (n: number) => T)(indices.length);
    indices.forEach((index, k) => (copy[k] = array[index] ?? 0));
    return copy;
  };
  const parent = (array: Int32Array) =>
    Int32Array.from(indices, (index) => at.get(array[index] ?? -1) ?? -1);
  return {
    ...whole,
    count: indices.length,
    father: parent(whole.father),
    mother: parent(whole.mother),
    sex: pick(whole.sex),
    name: pick(whole.name),
    generation: pick(whole.generation),
    birthYear: pick(whole.birthYear),
    deathYear: pick(whole.deathYear),
    place: pick(whole.place),
  };
}

async function matchingPreview(): Promise<void> {
  const { path, indices } = await familyFile();
  const form = new FormData();
  form.append('file', new Blob([await readFile(path)]), 'family.ged');
  const started = performance.now();
  const upload = await fetch(new URL('/api/gedcom/previews/', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`preview: ${upload.status} ${await upload.text()}`);
  const preview = (await upload.json()) as GedcomPreview;
  const uploaded = performance.now();
  const matches = await getJson<GedcomMatches>(
    base,
    `/api/gedcom/previews/${preview.id}/matches/`,
    token,
  );
  const done = performance.now();
  // The file's @I{k+1}@ is the tree's person `indices[k]`.
  let right = 0;
  let proposed = 0;
  for (const match of matches.results) {
    if (!match.match) continue;
    proposed++;
    const k = Number(match.xref.replace(/\D/g, '')) - 1;
    if (match.match.id === idOf(indices[k] ?? -1)) right++;
  }
  console.log(
    `  matching preview of ${indices.length} persons: upload and analysis ` +
      `${((uploaded - started) / 1000).toFixed(1)} s, matches ${((done - uploaded) / 1000).toFixed(1)} s, ` +
      `in all ${((done - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  proposed ${proposed} of ${matches.results.length}, their own tree person ${right} ` +
      `(precision ${(right / Math.max(1, proposed)).toFixed(3)}, recall ${(right / indices.length).toFixed(3)})`,
  );
  await send('DELETE', `/api/gedcom/previews/${preview.id}/`);
  await rm(path, { force: true });
}

try {
  const { seconds, list } = await fullRun();
  console.log(`  finder: full run ${seconds.toFixed(1)} s, ${list.count} pairs`);
  console.log(
    `  finder's first page, ${requests} sequential requests, ms p50 / p95: ` +
      (await p50p95(server, '/api/persons/duplicates/', requests, token)),
  );

  const { times, revisions } = await mergePairs(list);
  times.sort((x, y) => x - y);
  console.log(
    `  merge applied (moderator), ${times.length} merges, ms p50 / p95: ` +
      `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)}`,
  );
  const last = revisions.at(-1);
  if (last !== undefined) {
    const started = performance.now();
    const reverted = await send('POST', `/api/revisions/${last}/revert/`);
    console.log(
      `  one merge reverted: ${reverted.status}, ${(performance.now() - started).toFixed(0)} ms`,
    );
  }

  await matchingPreview();
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
