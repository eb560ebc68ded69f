import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_ENTRIES } from './login-throttle';

describe('LoginThrottle', () => {
  it('limits a username after `limit` failures until its window ends', () => {
    let now = 1_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.isLimited('asan')).toBe(false);
      throttle.recordFailure('asan');
    }
    expect(throttle.isLimited('asan')).toBe(true);
    expect(throttle.isLimited('usen')).toBe(false);
    now += 59_999;
    expect(throttle.isLimited('asan')).toBe(true);
    now += 1;
    expect(throttle.isLimited('asan')).toBe(false);
  });

  it('forgets failures after a successful login', () => {
    const throttle = new LoginThrottle(2);
    throttle.recordFailure('asan');
    throttle.reset('asan');
    throttle.recordFailure('asan');
    expect(throttle.isLimited('asan')).toBe(false);
  });

  it('keeps memory bounded under a flood of different usernames', () => {
    let now = 0;
    const throttle = new LoginThrottle(1, 1_000, () => now);
    for (let i = 0; i < 20_000; i += 1) throttle.recordFailure(`old_${i}`);
    now = 5_000;
    throttle.recordFailure('fresh');
    for (let i = 0; i < 10_001; i += 1) throttle.recordFailure(`new_${i}`);
    // The expired entries were swept; the fresh one is still counted.
    expect(throttle.isLimited('fresh')).toBe(true);
    expect(throttle.isLimited('old_1')).toBe(false);
    expect((throttle as unknown as { failures: Map<string, unknown> }).failures.size).toBeLessThan(
      11_000,
    );
  });

  it('never remembers more than MAX_ENTRIES usernames, dropping the oldest', () => {
    const throttle = new LoginThrottle(1);
    for (let i = 0; i < MAX_ENTRIES + 5_000; i += 1) throttle.recordFailure(`name_${i}`);
    const size = (throttle as unknown as { failures: Map<string, unknown> }).failures.size;
    expect(size).toBe(MAX_ENTRIES);
    expect(throttle.isLimited('name_0')).toBe(false);
    expect(throttle.isLimited(`name_${MAX_ENTRIES + 4_999}`)).toBe(true);
  });
});
