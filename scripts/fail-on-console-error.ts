// Loaded before every test file: a console.error during a test fails that test
// (docs/development.md, Tests), so React warnings and swallowed errors cannot pass unnoticed.
import { afterEach, beforeEach, expect, vi } from 'vitest';

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, 'console.error was called during the test').toEqual([]);
});
