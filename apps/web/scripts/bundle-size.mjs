// The page-weight budget (docs/performance.md), checked after `vite build`: for each route,
// the gzipped size of every JS and CSS file the page needs before it is interactive — the
// entry (index.html's script and styles) with its static imports, and the page's first-paint
// files: its lazy route chunk, the lazy parts it renders at once, the query cache, with their
// static imports. The build walks its manifest for those (`.vite/first-paint.json`, written by
// the bagysh-first-paint plugin of vite.config.ts; the server preloads the same files).
// Prints every file of each route and exits 1 ("Bundle budget exceeded.") when one is over.
// e2e/page-weight.e2e.ts measures the same pages in Chromium, as transferred.
// Usage: node scripts/bundle-size.mjs [dist directory, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** Budgets per route, shared with e2e/page-weight.e2e.ts (see the note in the file). */
const ROUTES = JSON.parse(
  readFileSync(new URL('./page-budgets.json', import.meta.url), 'utf8'),
).routes.map((route) => ({ ...route, budget: route.budgetKB * KB, target: route.targetKB * KB }));

const dist = process.argv[2]
  ? resolve(process.argv[2])
  : new URL('../dist/', import.meta.url).pathname;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function fail(message) {
  console.error(message);
  process.exit(1);
}

const firstPaintPath = join(dist, '.vite', 'first-paint.json');
if (!existsSync(firstPaintPath)) {
  fail(`No ${firstPaintPath}: build with vite.config.ts (its bagysh-first-paint plugin).`);
}
/** @type {{entry: string[], pages: Record<string, string[]>}} */
const firstPaint = JSON.parse(readFileSync(firstPaintPath, 'utf8'));
if (firstPaint.entry.length === 0) fail('The build has no entry files: nothing to measure.');

let over = false;
for (const route of ROUTES) {
  const page = firstPaint.pages[route.id];
  if (!page) fail(`The build has no first-paint files for route ${route.id}.`);
  const sized = [...new Set([...firstPaint.entry, ...page])]
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file))).length }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = sized.reduce((sum, { bytes }) => sum + bytes, 0);
  console.log(`route ${route.path}: ${sized.length} files`);
  for (const { file, bytes } of sized) console.log(`  ${kb(bytes).padStart(10)}  ${file}`);
  console.log(
    `route ${route.path} (gzip): ${kb(total)} of ${kb(route.budget)} budget` +
      ` (target: ${kb(route.target)})`,
  );
  if (total > route.budget) over = true;
}
if (over) fail('Bundle budget exceeded.');
