/**
 * `npm run bench:paint`: click to paint in Chromium on the 1M-person tree on PostgreSQL
 * (the target: expanding a node and showing a comparison each under 300 ms).
 *
 * Builds the site (NODE_ENV=production, `npm run build`), starts the real server on a fresh
 * PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL; dropped afterwards), imports the
 * generated tree through POST /api/gedcom/import/, then drives Chromium (playwright-core) as a
 * visitor at 1440×900 and times, inside the page, two things a user does:
 *
 * - /search?person=X (X's children are loaded with the page): a click on the expand control
 *   of one of X's children → that child's children drawn in the tree.
 * - /comparison?a=A&b=… open: a new second person chosen in the picker (typed, then the
 *   suggestion clicked) → the new answer sentence and diagram drawn.
 * - /persons/X/pedigree (five generations drawn): a click on the "+" of an ancestor in the last
 *   column (the one nearest the frame's centre) → the ancestors above them drawn.
 * - /persons/X open: a click on the father's link in X's lineage → the father's page
 *   drawn: its header (his name as the heading) and the timeline with his birth.
 *
 * The page's clock starts in a capture listener for the click on `window` (the first listener
 * to run). A MutationObserver watches the DOM for the awaited nodes; once they are there, the
 * next requestAnimationFrame callback posts a message to itself, and that message (the first
 * task after the frame's paint) stops the clock. The API requests made in between (Resource
 * Timing) give the share spent waiting on the server. Each expansion opens /search afresh (not
 * timed); the comparison page stays open, as for a user comparing one person with several. A
 * few warm-up trials come first.
 *
 *   npm run bench:paint                          # 1M persons (the import takes minutes)
 *   npm run bench:paint -- --persons 100000      # a quick run
 *   npm run bench:paint -- --trials 50 --skip-build
 *   npm run bench:paint -- --help
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import {
  adminUrl,
  closeHttp,
  importTree,
  logLoadAverage,
  percentile,
  rand,
  ROOT,
  startBenchServer,
} from './bench-support';
import { nameOf, type GeneratedTree } from './tree-generator';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '1000000' },
    trials: { type: 'string', default: '30' },
    'skip-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:paint -- [--persons N] [--trials N] [--skip-build]

  --persons N    the generated tree's size (default 1000000; 100000 for a quick run,
                 at least 1000)
  --trials N     timed trials per action after 3 warm-ups (default and least 30)
  --skip-build   use the site already built by \`npm run build\`

Needs TEST_DATABASE_URL or DATABASE_URL (PostgreSQL) and Chromium (CHROMIUM_PATH,
default /usr/bin/chromium).`);
  process.exit(0);
}
const PERSONS = Number(values.persons);
const TRIALS = Math.max(30, Number(values.trials));
const WARM_UP = 3;
const TARGET_MS = 300;
const VIEWPORT = { width: 1440, height: 900 };
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
if (!Number.isInteger(PERSONS) || PERSONS < 1000) throw new Error('--persons: at least 1000');
if (!Number.isInteger(TRIALS)) throw new Error('--trials: a whole number');

// ---------------------------------------------------------------------------------------------
// The probe in the page (plain JavaScript: it runs in Chromium as written)

/** What one trial measured, in ms from the click. */
interface Timing {
  /** The awaited nodes were in the DOM (React's commit). */
  seen: number;
  /** The first task after the next frame: the nodes were painted. */
  painted: number;
  /** The API requests answered between the click and `seen`: the first start, the last end. */
  apiStart: number | null;
  apiEnd: number | null;
  apiCalls: number;
}

const PROBE = `(() => {
  const bench = { clickAt: null, pending: null };
  window.__bench = bench;
  addEventListener('click', () => {
    if (bench.pending && bench.clickAt === null) bench.clickAt = performance.now();
  }, true);
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  // makeReady() runs now (before the click) and returns the test for "the answer is drawn".
  bench.arm = (makeReady, timeoutMs) => {
    const ready = makeReady();
    bench.clickAt = null;
    performance.clearResourceTimings();
    bench.pending = new Promise((resolve, reject) => {
      const check = () => {
        if (bench.clickAt === null) return;
        let drawn;
        try {
          drawn = ready();
        } catch (error) {
          observer.disconnect();
          clearTimeout(timer);
          reject(error);
          return;
        }
        if (!drawn) return;
        observer.disconnect();
        clearTimeout(timer);
        const click = bench.clickAt;
        const seen = performance.now();
        afterPaint().then((painted) => {
          // The API requests answered between the click and the drawing.
          const api = performance.getEntriesByType('resource').filter((e) =>
            e.name.includes('/api/') && e.startTime >= click && e.responseEnd <= seen);
          resolve({
            seen: seen - click,
            painted: painted - click,
            apiStart: api.length ? Math.min(...api.map((e) => e.startTime)) - click : null,
            apiEnd: api.length ? Math.max(...api.map((e) => e.responseEnd)) - click : null,
            apiCalls: api.length,
          });
        });
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('not drawn within ' + timeoutMs + ' ms of the click'));
      }, timeoutMs);
    });
    bench.pending.catch(() => {});
  };
  bench.result = () => bench.pending;
})();`;

/**
 * Polls an expression in the page (the site's CSP forbids the eval that waitForFunction uses;
 * page.evaluate goes through the DevTools protocol instead).
 */
async function until(page: Page, expression: string, failure: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function arm(page: Page, makeReady: string): Promise<void> {
  await page.evaluate(`window.__bench.arm(${makeReady}, 15000)`);
}

async function result(page: Page): Promise<Timing> {
  return await page.evaluate<Timing>('window.__bench.result()');
}

// ---------------------------------------------------------------------------------------------
// The trials

/** Persons with children, by the generator's indices (a father's or a mother's). */
function childCounts(tree: GeneratedTree): Uint32Array {
  const counts = new Uint32Array(tree.count);
  for (let i = 0; i < tree.count; i++) {
    for (const parent of [tree.father[i] ?? -1, tree.mother[i] ?? -1]) {
      if (parent >= 0) counts[parent] = (counts[parent] ?? 0) + 1;
    }
  }
  return counts;
}

function ancestorsOf(tree: GeneratedTree, index: number): number[] {
  const line: number[] = [];
  for (let at = tree.father[index] ?? -1; at >= 0; at = tree.father[at] ?? -1) line.push(at);
  return line;
}

/**
 * /search?person=X, X's children drawn: a click on the "+N" of one of them (the one nearest the
 * frame's centre) → a node one level deeper is drawn.
 */
async function expandTrial(page: Page, base: URL, personId: number): Promise<Timing | null> {
  await page.goto(new URL(`/search?person=${personId}`, base).href);
  await until(
    page,
    `!!document.querySelector('[data-toggle="${personId}"].is-expanded') &&
     !document.querySelector('.tree-toggle.is-loading')`,
    `/search?person=${personId}: the children were not drawn`,
  );
  // Settled: a frame drawn after the children arrived.
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
  const target = await page.evaluate<{
    id: number;
    x: number;
    y: number;
    level: number;
  } | null>(`(() => {
    const svg = document.querySelector('svg[role="tree"]').getBoundingClientRect();
    const level = Number(document.querySelector('[data-node="${personId}"]').getAttribute('aria-level'));
    const centre = { x: svg.left + svg.width / 2, y: svg.top + svg.height / 2 };
    let best = null;
    for (const node of document.querySelectorAll('[data-node][aria-level="' + (level + 1) + '"]')) {
      // The button is drawn beside its treeitem, not inside it.
      const toggle = document.querySelector('[data-toggle="' + node.getAttribute('data-node') + '"].is-collapsed .tree-toggle-pill');
      if (!toggle) continue;
      const box = toggle.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.left < svg.left || box.right > svg.right || box.top < svg.top || box.bottom > svg.bottom) continue;
      const distance = Math.hypot(x - centre.x, y - centre.y);
      if (!best || distance < best.distance) best = { id: Number(node.getAttribute('data-node')), x, y, distance, level: level + 1 };
    }
    return best;
  })()`);
  if (!target) {
    // A wide family can leave every child who has children outside the frame: another is tried.
    const path = join(tmpdir(), `bagysh-bench-paint-${personId}.png`);
    await page.screenshot({ path });
    console.log(`  /search?person=${personId}: no child with children on screen (${path})`);
    return null;
  }
  // Before the click no node is drawn below the children's level: the first one is the answer.
  await arm(
    page,
    `() => {
      if (document.querySelector('[aria-level="${target.level + 1}"]')) throw new Error('already expanded');
      return () => {
        if (document.querySelector('[data-toggle="${target.id}"].is-error')) throw new Error('children failed to load');
        return !!document.querySelector('[data-node][aria-level="${target.level + 1}"]');
      };
    }`,
  );
  await page.mouse.click(target.x, target.y);
  return await result(page);
}

/**
 * /persons/X/pedigree open, five generations drawn: a click on the "+" of an ancestor nearest
 * the frame's centre → more boxes drawn (their parents, loaded for the click).
 */
async function pedigreeTrial(page: Page, base: URL, personId: number): Promise<Timing | null> {
  await page.goto(new URL(`/persons/${personId}/pedigree`, base).href);
  await until(
    page,
    `document.querySelectorAll('svg[role="group"] a[data-person]').length > 1`,
    `/persons/${personId}/pedigree: the chart was not drawn`,
  );
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
  const target = await page.evaluate<{ x: number; y: number } | null>(`(() => {
    const svg = document.querySelector('svg[role="group"]').getBoundingClientRect();
    const centre = { x: svg.left + svg.width / 2, y: svg.top + svg.height / 2 };
    let best = null;
    for (const toggle of document.querySelectorAll('[data-toggle]')) {
      if (toggle.getAttribute('aria-label') !== 'Ата-энесин көрсөтүү') continue;
      const box = toggle.getBoundingClientRect();
      if (box.left < svg.left || box.right > svg.right || box.top < svg.top || box.bottom > svg.bottom) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const distance = Math.hypot(x - centre.x, y - centre.y);
      if (!best || distance < best.distance) best = { x, y, distance };
    }
    return best;
  })()`);
  if (!target) return null; // No ancestor above the fifth generation, or none on screen.
  await arm(
    page,
    `() => {
      const before = document.querySelectorAll('svg[role="group"] a[data-person]').length;
      return () => document.querySelectorAll('svg[role="group"] a[data-person]').length > before;
    }`,
  );
  await page.mouse.click(target.x, target.y);
  return await result(page);
}

/**
 * /persons/X open, header and timeline drawn: a click on the father's link in the lineage →
 * the father's page drawn (a new page of the same route: his name as the heading, his timeline
 * with his birth). `both are chosen dead, so a guest sees their timelines.
 */
async function personPageTrial(
  page: Page,
  base: URL,
  personId: number,
  fatherId: number,
): Promise<Timing> {
  await page.goto(new URL(`/persons/${personId}`, base).href);
  const link = `[data-testid="lineage"] a[href="/persons/${fatherId}"]`;
  await until(
    page,
    `!!document.querySelector('${link}') &&
     !!document.querySelector('[data-testid="person-timeline"] li[data-timeline]')`,
    `/persons/${personId}: the page or its lineage was not drawn`,
  );
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
  await arm(
    page,
    `() => {
      // The link shows the father's name as the heading of his page will.
      const name = document.querySelector('${link}').textContent;
      return () => location.pathname === '/persons/${fatherId}' &&
        document.querySelector('h1')?.textContent === name &&
        !!document.querySelector('[data-testid="person-timeline"] li[data-timeline]');
    }`,
  );
  await page.locator(link).click();
  return await result(page);
}

/**
 * /comparison?a=A&b=… open: type B's name with his father's and grandfather's, click B's
 * suggestion → the result for (A, B) drawn, with B in the diagram.
 */
async function comparisonTrial(page: Page, personB: number, query: string): Promise<Timing | null> {
  const input = page.locator('#compare-b');
  await input.fill(query);
  const option = page.locator(`#compare-b-listbox li[data-person-id="${personB}"]`);
  try {
    await option.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    return null; // Namesakes: not among the suggestions. Another person is tried.
  }
  await arm(
    page,
    `() => {
      const old = document.querySelector('[data-testid="comparison-result"]');
      return () => {
        const now = document.querySelector('[data-testid="comparison-result"]');
        const sentence = now && now.querySelector('[data-testid="kinship-sentence"]');
        return !!now && now !== old && !!sentence && sentence.textContent.trim() !== '' &&
          !!now.querySelector('[data-testid="comparison-diagram"] [data-chain-person="${personB}"]');
      };
    }`,
  );
  await option.click();
  return await result(page);
}

// ---------------------------------------------------------------------------------------------
// Report

interface Summary {
  label: string;
  times: Timing[];
}

const ms = (value: number) => value.toFixed(0);

function p50p95(values: number[]): string {
  const sorted = [...values].sort((x, y) => x - y);
  return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))}`;
}

function report(summaries: Summary[]) {
  console.log(`  click → painted, Chromium ${VIEWPORT.width}×${VIEWPORT.height}, ms:`);
  console.log('  | action | trials | p50 | p95 | max | at or over 300 ms |');
  console.log('  |---|---|---|---|---|---|');
  for (const { label, times } of summaries) {
    const painted = times.map((t) => t.painted).sort((a, b) => a - b);
    const over = painted.filter((t) => t >= TARGET_MS).length;
    console.log(
      `  | ${label} | ${times.length} | ${ms(percentile(painted, 50))} | ` +
        `${ms(percentile(painted, 95))} | ${ms(painted.at(-1) ?? 0)} | ${over} |`,
    );
  }
  // Where the time goes: the page before its first request, the API requests (the first one's
  // start to the last one's end), React after the last answer, then the frame.
  console.log('  where the time goes, p50 / p95 (ms):');
  console.log(
    '  | action | API calls | click → first request | API requests | last answer → DOM | DOM → painted |',
  );
  console.log('  |---|---|---|---|---|---|');
  for (const { label, times } of summaries) {
    const withApi = times.filter((t) => t.apiStart !== null && t.apiEnd !== null);
    const counts = times.map((t) => t.apiCalls);
    const [fewest, most] = [Math.min(...counts), Math.max(...counts)];
    const calls = fewest === most ? String(most) : `${fewest}–${most}`;
    console.log(
      `  | ${label} | ${calls} | ${p50p95(withApi.map((t) => t.apiStart ?? 0))} | ` +
        `${p50p95(withApi.map((t) => (t.apiEnd ?? 0) - (t.apiStart ?? 0)))} | ` +
        `${p50p95(withApi.map((t) => t.seen - (t.apiEnd ?? 0)))} | ` +
        `${p50p95(times.map((t) => t.painted - t.seen))} |`,
    );
  }
}

// ---------------------------------------------------------------------------------------------

async function benchPaint() {
  console.log(
    `\n== bench:paint: ${PERSONS.toLocaleString('en')} persons on PostgreSQL, ${TRIALS} trials each`,
  );
  logLoadAverage('start');
  if (!values['skip-build']) {
    const started = performance.now();
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0)
      throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    console.log(`  built the site in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const server = await startBenchServer('paint', 'postgres');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const { base } = server;
    const { tree, importSeconds, idOf } = await importTree(server, PERSONS);
    console.log(`  import: ${importSeconds.toFixed(1)} s`);

    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'ky-KG' });
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });

    // a. Expanding a node.
    const counts = childCounts(tree);
    const expand: Timing[] = [];
    let skipped = 0;
    for (let trial = 0; expand.length < TRIALS;) {
      let child: number;
      do child = rand(tree.count);
      while ((counts[child] ?? 0) === 0 || (tree.father[child] ?? -1) < 0);
      const timing = await expandTrial(page, base, idOf(tree.father[child] ?? 0));
      if (!timing) {
        if (++skipped > TRIALS) throw new Error(`no node to expand on ${skipped} pages`);
        continue;
      }
      if (trial++ >= WARM_UP) expand.push(timing);
    }

    // b. A comparison: A fixed, a new B each time, from A's founder's line (a common ancestor).
    const founderOf = (index: number) => ancestorsOf(tree, index).at(-1) ?? index;
    let a: number;
    do a = rand(tree.count);
    while ((tree.generation[a] ?? 0) < 10);
    const excluded = new Set([a, ...ancestorsOf(tree, a)]);
    const pickB = () => {
      for (;;) {
        const b = rand(tree.count);
        if (founderOf(b) !== founderOf(a) || excluded.has(b)) continue;
        const line = ancestorsOf(tree, b);
        // The name with the father's and grandfather's picks one person out of his namesakes.
        if (line.length < 2) continue;
        excluded.add(b);
        return { b, query: [b, ...line.slice(0, 2)].map((i) => nameOf(tree, i)).join(' ') };
      }
    };
    const first = pickB().b;
    await page.goto(new URL(`/comparison?a=${idOf(a)}&b=${idOf(first)}`, base).href);
    await page.getByTestId('comparison-result').waitFor({ timeout: 30_000 });
    const comparison: Timing[] = [];
    let missed = 0;
    for (let trial = 0; comparison.length < TRIALS;) {
      const { b, query } = pickB();
      const timing = await comparisonTrial(page, idOf(b), query);
      if (!timing) {
        if (++missed > TRIALS) throw new Error(`the picker did not offer ${missed} chosen persons`);
        continue;
      }
      if (trial++ >= WARM_UP) comparison.push(timing);
    }
    // c. Expanding a pedigree: persons with five generations above them.
    const pedigree: Timing[] = [];
    let bare = 0;
    for (let trial = 0; pedigree.length < TRIALS;) {
      let person: number;
      do person = rand(tree.count);
      while ((tree.generation[person] ?? 0) < 7);
      const timing = await pedigreeTrial(page, base, idOf(person));
      if (!timing) {
        if (++bare > TRIALS) throw new Error(`no ancestor to expand on ${bare} pedigrees`);
        continue;
      }
      if (trial++ >= WARM_UP) pedigree.push(timing);
    }
    // d. Opening a person page: a dead father's, from his dead child's page (a guest sees the
    // timelines of the dead).
    const personPage: Timing[] = [];
    for (let trial = 0; personPage.length < TRIALS;) {
      let child: number;
      do child = rand(tree.count);
      while (
        (tree.father[child] ?? -1) < 0 ||
        (tree.deathYear[child] ?? 0) <= 0 ||
        (tree.deathYear[tree.father[child] ?? 0] ?? 0) <= 0
      );
      const timing = await personPageTrial(page, base, idOf(child), idOf(tree.father[child] ?? 0));
      if (trial++ >= WARM_UP) personPage.push(timing);
    }
    if (pageErrors.length > 0) throw new Error(`errors in the page:\n${pageErrors.join('\n')}`);

    report([
      { label: 'expand a node: "+N" → its children (/search)', times: expand },
      { label: 'comparison: a suggestion → sentence and diagram', times: comparison },
      { label: 'pedigree: "+" → the ancestors above (/persons/X/pedigree)', times: pedigree },
      {
        label: 'person page: a lineage link → header and timeline (/persons/X)',
        times: personPage,
      },
    ]);
    logLoadAverage('end');
  } finally {
    await browser.close();
    await server.close();
    closeHttp();
  }
}

if (adminUrl) await benchPaint();
else console.log('\n== bench:paint: skipped (set TEST_DATABASE_URL or DATABASE_URL)');
