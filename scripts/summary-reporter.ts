import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary names: CI has a 30-minute budget. */
const SLOWEST = 12;

/**
 * Ends the run with the slowest test files, then one plain line, "N passed, N failed,
 * N skipped", that CI reads as the closing summary of the whole suite (all projects together).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    failed += unhandledErrors.length;
    const slowest = testModules
      .map((module) => ({
        name: `${module.project.name} ${module.relativeModuleId}`,
        seconds: module.diagnostic().duration / 1000,
      }))
      .sort((x, y) => y.seconds - x.seconds)
      .slice(0, SLOWEST);
    console.log('\nSlowest test files:');
    for (const { name, seconds } of slowest)
      console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
