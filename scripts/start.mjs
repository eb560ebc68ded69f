// `npm start`: builds the site and the server only when a build is missing or older than its
// sources, then runs the server in this process (signals reach its graceful shutdown).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const at = (path) => join(root, path);

/** What the build reads: the sources of all three workspaces and their build settings. */
const SOURCES = [
  'package-lock.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/scripts',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
];
/** What it writes. */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function buildIsStale() {
  if (OUTPUTS.some((output) => !existsSync(at(output)))) return 'no build yet';
  const built = Math.min(...OUTPUTS.map((output) => statSync(at(output)).mtimeMs));
  const changed = SOURCES.find((source) => newest(at(source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = buildIsStale();
if (reason) {
  console.log(`Building (${reason})…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log('The build is up to date (npm run build rebuilds it).');
}
await import(pathToFileURL(at('apps/api/dist/server.js')).href);
