// `npm test`: every test, as two Vitest runs side by side — the end-to-end tests (one
// Chromium, one server, a file at a time) and all the others (unit, API on PGlite and
// PostgreSQL). In one run Vitest puts a project without file parallelism in a group of its
// own that starts only when every other file is done, so on two cores the suite was one long
// queue (51 minutes on 2026-12-01). Arguments (`npm test -- --project web`) make it one
// plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { printSummary, type RunSummary } from './summary-reporter';

const VITEST = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

interface Run {
  label: string;
  args: string[];
}

/** Runs Vitest with `args`; each output line starts with `label` when there is one. */
function vitest({ label, args }: Run, env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [VITEST, 'run', ...args], {
    env,
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => child.kill(signal));
  if (label) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const)
      createInterface({ input: stream! }).on('line', (line) => out.write(`${label} │ ${line}\n`));
  }
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

const extra = process.argv.slice(2);
if (extra.length) process.exit(await vitest({ label: '', args: extra }, process.env));

// The end-to-end project exists when Chromium does, and always under CI (where its set-up
// then fails the run): apps/web/vitest.projects.ts.
const e2e =
  existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') || process.env.CI === 'true';
const runs: Run[] = e2e
  ? [
      { label: 'e2e', args: ['--project', 'e2e'] },
      { label: 'all', args: ['--project', '!e2e'] },
    ]
  : [{ label: 'all', args: [] }];

const folder = mkdtempSync(join(tmpdir(), 'bagysh-test-'));
const codes = await Promise.all(
  runs.map((run) =>
    vitest(run, {
      ...process.env,
      SUMMARY_FILE: join(folder, `${run.label}.json`),
      ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
    }),
  ),
);

const total: RunSummary = { passed: 0, failed: 0, skipped: 0, files: [], failures: [] };
runs.forEach((run, index) => {
  const file = join(folder, `${run.label}.json`);
  if (!existsSync(file)) {
    total.failed++;
    total.failures.push(`${run.label}: vitest exited with code ${codes[index]} before its summary`);
    return;
  }
  const summary = JSON.parse(readFileSync(file, 'utf8')) as RunSummary;
  total.passed += summary.passed;
  total.failed += summary.failed;
  total.skipped += summary.skipped;
  total.files.push(...summary.files);
  total.failures.push(...summary.failures);
});
rmSync(folder, { recursive: true, force: true });
printSummary(total);
process.exit(codes.some((code) => code !== 0) || total.failed > 0 ? 1 : 0);
