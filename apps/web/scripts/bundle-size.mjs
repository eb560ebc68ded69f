// Prints the gzipped size of every built JS/CSS file and of the landing page's
// initial JavaScript (what index.html loads before first paint), and exits 1 when
// that exceeds the budget of issue "web app shell": 170 KB gzipped.
// Usage: node scripts/bundle-size.mjs [dist directory, default apps/web/dist]
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET = 170 * 1024;
const dist = process.argv[2]
  ? resolve(process.argv[2])
  : new URL('../dist/', import.meta.url).pathname;

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Script files index.html pulls before first paint: the entry and its modulepreloads. */
export function initialScripts(html) {
  const srcs = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return [...new Set([...srcs, ...preloads])];
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = initialScripts(html);
if (initial.length === 0) {
  console.error('No script found in index.html: nothing to measure.');
  process.exit(1);
}
const all = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => `assets/${f}`);
for (const file of all.sort((x, y) => gz(y) - gz(x))) {
  console.log(`${initial.includes(file) ? '*' : ' '} ${kb(gz(file)).padStart(10)}  ${file}`);
}
const total = initial.reduce((sum, file) => sum + gz(file), 0);
console.log(`initial JS of / (gzip): ${kb(total)} of ${kb(INITIAL_JS_BUDGET)} budget`);
if (total > INITIAL_JS_BUDGET) {
  console.error('Bundle budget exceeded.');
  process.exit(1);
}
