import { inspect } from 'node:util';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary names: CI has a 30-minute budget. */
const SLOWEST = 12;

/**
 * Ends the run with the slowest test files, the seconds per project and the failed tests, then
 * one plain line, "N passed, N failed, N skipped", that CI reads as the closing summary of the
 * whole suite (all projects together).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const perProject = new Map<string, number>();
    for (const module of testModules) {
      const file = `${module.project.name} ${module.relativeModuleId}`;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failures.push(`${file} > ${test.fullName}`);
        else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === 'failed' && module.children.size === 0)
        failures.push(`${file} (did not load)`);
      const seconds = module.diagnostic().duration / 1000;
      perProject.set(module.project.name, (perProject.get(module.project.name) ?? 0) + seconds);
    }
    for (const error of unhandledErrors) failures.push(`unhandled error: ${errorLine(error)}`);
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
    const projects = [...perProject].map(([name, seconds]) => `${name} ${Math.round(seconds)}`);
    console.log(`\nSeconds per project: ${projects.join(', ')}`);
    if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    console.log(`\nTests: ${passed} passed, ${failures.length} failed, ${skipped} skipped`);
  }
}

/** One line for an unhandled error: merged reports carry plain objects that String() cannot print. */
function errorLine(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const { name, message } = error as { name?: unknown; message: unknown };
    return `${typeof name === 'string' ? `${name}: ` : ''}${String(message)}`;
  }
  return inspect(error, { depth: 2, breakLength: Infinity });
}
