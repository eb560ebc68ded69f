/** How long failed logins of one username are remembered. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Above this many remembered usernames, expired entries are swept. */
const SWEEP_ABOVE = 10_000;
/** A hard ceiling on memory: the oldest entries go first. */
export const MAX_ENTRIES = 100_000;

/**
 * Counts failed logins per folded username in this process (a fixed window per
 * username), so that guessing one account's password from many addresses is
 * slowed down as well. Missing usernames are counted too: answering differently
 * would tell which accounts exist.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();
  /** Grows with the map, so that sweeping stays amortised O(1) per failure. */
  private sweepAbove = SWEEP_ABOVE;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number = LOGIN_FAILURE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when `key` has used up its failed attempts for the current window. */
  isLimited(key: string): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.limit;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    this.failures.delete(key);
    this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    if (this.failures.size > this.sweepAbove) {
      for (const [stale, { resetAt }] of this.failures) {
        if (resetAt <= now) this.failures.delete(stale);
      }
      this.sweepAbove = Math.max(SWEEP_ABOVE, this.failures.size * 2);
    }
    // Insertion order is window-start order, so the first keys are the oldest.
    for (const oldest of this.failures.keys()) {
      if (this.failures.size <= MAX_ENTRIES) break;
      this.failures.delete(oldest);
    }
  }

  /** Forgets the failures of `key` (after a successful login). */
  reset(key: string): void {
    this.failures.delete(key);
  }
}
