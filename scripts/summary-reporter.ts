import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary names: CI has a 30-minute budget. */
const SLOWEST = 12;

interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** "project file" of every test file, with its seconds. */
  files: { name: string; seconds: number }[];
  /** "project file > suite > test" of every failed test. */
  failures: string[];
}

/** Prints the slowest files, the failed tests and the one closing line CI reads. */
function printSummary({ passed, failed, skipped, files, failures }: RunSummary) {
  const slowest = [...files].sort((x, y) => y.seconds - x.seconds).slice(0, SLOWEST);
  console.log('\nSlowest test files:');
  for (const { name, seconds } of slowest)
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  const byProject = new Map<string, number>();
  for (const { name, seconds } of files) {
    const project = name.split(' ')[0]!;
    byProject.set(project, (byProject.get(project) ?? 0) + seconds);
  }
  console.log(
    `\nSeconds per project: ${[...byProject].map(([name, s]) => `${name} ${Math.round(s)}`).join(', ')}`,
  );
  if (failures.length) {
    console.log('\nFailed:');
    for (const failure of failures) console.log(`  ${failure}`);
  }
  console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

/**
 * Ends the run with the slowest test files, then one plain line, "N passed, N failed,
 * N skipped", that CI reads as the closing summary of the whole suite (all projects together).
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
    printSummary(summary);
  }
}
