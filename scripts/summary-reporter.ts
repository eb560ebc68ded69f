import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary names: CI has a 30-minute budget. */
export const SLOWEST = 12;

/** What one run adds to the closing summary (scripts/test.mjs merges two runs' summaries). */
export interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** "project file" of every test file, with its seconds. */
  files: { name: string; seconds: number }[];
  /** "project file > suite > test" of every failed test. */
  failures: string[];
}

/** Prints the slowest files, the failed tests and the one closing line CI reads. */
export function printSummary({ passed, failed, skipped, files, failures }: RunSummary) {
  const slowest = [...files].sort((x, y) => y.seconds - x.seconds).slice(0, SLOWEST);
  console.log('\nSlowest test files:');
  for (const { name, seconds } of slowest)
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  if (failures.length) {
    console.log('\nFailed:');
    for (const failure of failures) console.log(`  ${failure}`);
  }
  console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

/**
 * Ends the run with the slowest test files, then one plain line, "N passed, N failed,
 * N skipped", that CI reads as the closing summary of the whole suite (all projects together).
 * With SUMMARY_FILE set it writes the summary there as JSON instead, for scripts/test.mjs.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const summary: RunSummary = { passed: 0, failed: 0, skipped: 0, files: [], failures: [] };
    for (const module of testModules) {
      const file = `${module.project.name} ${module.relativeModuleId}`;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') summary.passed++;
        else if (state === 'failed') {
          summary.failed++;
          summary.failures.push(`${file} > ${test.fullName}`);
        } else summary.skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === 'failed' && module.children.size === 0) {
        summary.failed++;
        summary.failures.push(`${file} (did not load)`);
      }
      summary.files.push({ name: file, seconds: module.diagnostic().duration / 1000 });
    }
    summary.failed += unhandledErrors.length;
    if (unhandledErrors.length)
      summary.failures.push(`${unhandledErrors.length} unhandled error(s)`);
    if (process.env.SUMMARY_FILE) writeFileSync(process.env.SUMMARY_FILE, JSON.stringify(summary));
    else printSummary(summary);
  }
}
