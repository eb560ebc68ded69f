/**
 * `npm run bench:lighthouse`: Lighthouse's default (mobile) run against the production
 * build for the home page, the tree search, a person page and an article, on a fresh data
 * directory with the demo data. Prints the four category scores and LCP/TBT/CLS of each page
 * (the median of `--runs` runs, by performance score), the load average, the top
 * opportunities, and whether each target of the issue is met; exits 1 when one is missed
 * unless `--print-only` is given.
 *
 * The server is started through scripts/start.mjs, which rebuilds the site first when the
 * build is missing or older than its sources.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = resolve(import.meta.dirname, '../../..');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'print-only': { type: 'boolean', default: false },
    /** Some of the pages only, by name: `--only=home,person`. */
    only: { type: 'string' },
    /** Where to write each run's full report (JSON), for a look at the details. */
    'save-dir': { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);

/** The issue's targets: scores out of 100, LCP in ms. */
const TARGETS = { performance: 90, accessibility: 95, seo: 95, lcpMs: 2500, cls: 0.05 };

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function startServer(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-lighthouse-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // A production build and server: React's development bundle would skew every figure.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The build's progress is shown; the server's own output (its throwaway admin) is not.
  let building = true;
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (building && /First admin|is running at/.test(text)) building = false;
    if (building) process.stdout.write(text);
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // A build (when stale) and a fresh database with the demo data take a while on a busy machine.
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${errors}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return { child, base, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the server did not become healthy:\n${errors}`);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Summary {
  id: number;
  father_id: number | null;
  birth_year: number | null;
}

/** A person who is not living and has a father (a page a guest sees in full), and an article. */
async function pickPages(base: string): Promise<{ name: string; path: string }[]> {
  const persons = await getJson<{ results: Summary[] }>(
    `${base}/api/persons/?living=false&page_size=100`,
  );
  const person =
    persons.results.find((row) => row.father_id !== null && row.birth_year !== null) ??
    persons.results[0];
  const articles = await getJson<{ results: { id: number }[] }>(`${base}/api/person-articles/`);
  const article = articles.results[0];
  if (!person || !article) throw new Error('the demo data has no person or no article');
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search' },
    { name: 'person', path: `/persons/${person.id}` },
    { name: 'article', path: `/person-articles/${article.id}` },
  ];
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Failed audits worth the most time, and failed accessibility/SEO audits. */
  opportunities: string[];
  failures: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

function figuresOf(lhr: Lhr): Figures {
  const audit = (id: string) => lhr.audits[id];
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
    .map((a) => ({
      title: a.title,
      ms: (a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0,
      display: a.displayValue ?? '',
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map((a) => `${a.title}${a.display ? ` (${a.display})` : ''}`);
  const failures = ['accessibility', 'seo', 'best-practices'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1)
      .map((ref) => `${category}: ${audit(ref.id)?.title ?? ref.id}`),
  );
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Infinity,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Infinity,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Infinity,
    opportunities,
    failures,
  };
}

function misses(f: Figures): string[] {
  const out: string[] = [];
  if (f.performance < TARGETS.performance) out.push(`performance ${f.performance} < 90`);
  if (f.accessibility < TARGETS.accessibility) out.push(`accessibility ${f.accessibility} < 95`);
  if (f.seo < TARGETS.seo) out.push(`SEO ${f.seo} < 95`);
  if (f.lcpMs > TARGETS.lcpMs) out.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > 2.5 s`);
  if (f.cls > TARGETS.cls) out.push(`CLS ${f.cls.toFixed(3)} > 0.05`);
  return out;
}

/**
 * One Lighthouse run with the default config: the mobile preset (Moto G Power, simulated slow
 * 4G, 4× CPU). A run that fails to record its trace (NO_NAVSTART, NO_FCP: it happens on a busy
 * machine) is retried twice.
 */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.code}: ${error.message}`);
    console.log(`  ${url}: ${error.code}, run again`);
  }
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main(): Promise<number> {
  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}on the production build`);
  console.log(`  load average at the start: ${loadAverage()}`);
  const { child, base, dataDir } = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const results: { name: string; path: string; figures: Figures }[] = [];
  try {
    const only = args.only?.split(',');
    const pages = (await pickPages(base)).filter((page) => !only || only.includes(page.name));
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await audit(`${base}${page.path}`, chrome.port);
        if (args['save-dir']) {
          mkdirSync(args['save-dir'], { recursive: true });
          const file = join(args['save-dir'], `${page.name}-${run + 1}.json`);
          writeFileSync(file, JSON.stringify(result.lhr));
        }
        runs.push(figuresOf(result.lhr));
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      if (median) results.push({ ...page, figures: median });
    }
  } finally {
    chrome.kill();
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('');
  console.log(
    'page      path                   perf  a11y  best   seo    LCP s   TBT ms     CLS  targets',
  );
  let missed = 0;
  for (const { name, path, figures: f } of results) {
    const miss = misses(f);
    if (miss.length > 0) missed++;
    console.log(
      `${name.padEnd(9)} ${path.padEnd(20)} ${pad(f.performance, 5)} ${pad(f.accessibility, 5)} ${pad(f.bestPractices, 5)} ${pad(f.seo, 5)} ${pad((f.lcpMs / 1000).toFixed(2), 8)} ${pad(Math.round(f.tbtMs), 8)} ${pad(f.cls.toFixed(3), 7)}  ${miss.length === 0 ? 'met' : `MISSED: ${miss.join('; ')}`}`,
    );
  }
  console.log(`  load average at the end: ${loadAverage()}`);
  console.log('');
  for (const { name, figures: f } of results) {
    if (f.opportunities.length > 0)
      console.log(`${name}: opportunities: ${f.opportunities.join('; ')}`);
    if (f.failures.length > 0) console.log(`${name}: failed audits: ${f.failures.join('; ')}`);
  }
  console.log('');
  console.log(
    `Targets: performance ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.05, accessibility ≥ 95, SEO ≥ 95 — ${
      missed === 0 ? 'met on every page' : `missed on ${missed} of ${results.length} pages`
    }`,
  );
  return missed === 0 || args['print-only'] ? 0 : 1;
}

process.exitCode = await main();
