// `npm test`: every project of vitest.config.ts, in two Vitest runs side by side. The end-to-end
// files (one browser at a time against one server) keep about one of the machine's two cores
// busy; the unit and API files run beside them at a lower CPU priority, so they take what the
// browser leaves idle (slowing it by about a quarter). Each run writes a blob report, and the merged
// summary (scripts/summary-reporter.ts) ends the output.
// With arguments (`npm test -- --project web`), or without the end-to-end project, it is one
// plain `vitest run`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { e2eEnabled } from '../apps/web/vitest.projects';

const ROOT = resolve(import.meta.dirname, '..');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
/** The niceness of the run beside the end-to-end one (0 is the default, 19 the lowest). */
const BESIDE_NICENESS = 10;

const running = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });

/** `vitest run` with `args`; resolves with its exit code. */
function vitest(args: string[], options: { niceness?: number; inherit?: boolean } = {}) {
  const child = spawn(process.execPath, [VITEST, 'run', ...args], {
    cwd: ROOT,
    stdio: options.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // Its workers and servers, started later, inherit the priority.
  if (options.niceness && child.pid) setPriority(child.pid, options.niceness);
  // Whole lines: both runs print to the same output.
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (line) => console.log(line));
  if (child.stderr)
    createInterface({ input: child.stderr }).on('line', (line) => console.error(line));
  return new Promise<number>((done) => {
    child.once('close', (code) => {
      running.delete(child);
      done(code ?? 1);
    });
  });
}

const args = process.argv.slice(2);
if (args.length > 0 || !e2eEnabled()) {
  process.exitCode = await vitest(args, { inherit: true });
} else {
  const reports = mkdtempSync(join(tmpdir(), 'bagysh-test-reports-'));
  const blob = (name: string) => [
    '--reporter=default',
    '--reporter=blob',
    `--outputFile.blob=${join(reports, `${name}.json`)}`,
  ];
  const codes = await Promise.all([
    vitest(['--project', 'e2e', ...blob('e2e')]),
    vitest(['--project', '!e2e', ...blob('rest')], { niceness: BESIDE_NICENESS }),
  ]);
  console.log('\nBoth runs together:');
  const merged = await vitest([
    `--merge-reports=${reports}`,
    '--reporter=./scripts/summary-reporter.ts',
  ]);
  rmSync(reports, { recursive: true, force: true });
  process.exitCode = [...codes, merged].every((code) => code === 0) ? 0 : 1;
}
