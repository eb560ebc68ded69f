import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { inject } from 'vitest';
import { API_ROOT } from '../lib/paths';

/** The programs tests run in processes of their own: the server and the command-line tools. */
const ENTRY_POINTS = {
  server: 'src/server.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'demo-remove': 'src/cli/demo-remove.ts',
} as const;

export type BuiltScript = keyof typeof ENTRY_POINTS;

/**
 * Bundles the server and the tools once per test project, as `npm run build` bundles the server
 * (apps/api/build.mjs: esbuild, npm packages left to node_modules), so that a test's child process
 * starts in plain Node. Through tsx every start first compiled the sources: 2 s and more of one
 * core, tens of starts per run. The folder sits under apps/api/node_modules so the bundles find
 * the packages and the API's root as dist/server.js does. Answers the folder and its removal.
 */
export async function buildScripts(): Promise<{ dir: string; remove(): Promise<void> }> {
  const cache = join(API_ROOT, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const { dependencies } = JSON.parse(readFileSync(join(API_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const dir = await mkdtemp(join(cache, 'bagysh-test-scripts-'));
  await build({
    absWorkingDir: API_ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // The workspace's own TypeScript is bundled; npm packages load from node_modules.
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@bagysh/')),
    logLevel: 'warning',
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The command line that runs `script`, bundled by the project's set-up, with `args`. */
export function scriptArgs(script: BuiltScript, args: string[] = []): string[] {
  return [join(inject('builtScriptsDir'), `${script}.mjs`), ...args];
}
