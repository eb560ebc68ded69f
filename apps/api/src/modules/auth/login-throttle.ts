/** How long failed logins are remembered (a fixed window from the first one). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Above this many remembered keys, expired entries are swept. */
const SWEEP_ABOVE = 10_000;
/** A hard ceiling on memory per counter: the oldest entries go first. */
export const MAX_ENTRIES = 100_000;

interface WindowEntry {
  /** Password checks reserved in this window, minus the ones that succeeded. */
  count: number;
  resetAt: number;
  /** Slow-down only: when the next password check may start. */
  nextSlotAt: number;
}

/** Fixed-window counters per key, with amortised sweeping and a hard size ceiling. */
class WindowCounters {
  private readonly entries = new Map<string, WindowEntry>();
  /** Grows with the map, so that sweeping stays amortised O(1) per insertion. */
  private sweepAbove = SWEEP_ABOVE;

  constructor(private readonly windowMs: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The live entry of `key`, if its window has not ended. */
  current(key: string, now: number): WindowEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.resetAt > now) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** The live entry of `key`, or a new empty one starting its window now. */
  open(key: string, now: number): WindowEntry {
    const live = this.current(key, now);
    if (live) return live;
    const entry: WindowEntry = { count: 0, resetAt: now + this.windowMs, nextSlotAt: 0 };
    this.entries.set(key, entry);
    if (this.entries.size > this.sweepAbove) {
      for (const [stale, { resetAt }] of this.entries) {
        if (resetAt <= now) this.entries.delete(stale);
      }
      this.sweepAbove = Math.max(SWEEP_ABOVE, this.entries.size * 2);
    }
    // Insertion order is window-start order, so the first keys are the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  /** Drops `key` only while it still holds `entry` (not a newer window's). */
  drop(key: string, entry: WindowEntry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}

/** A reserved password check: hand it back to `succeeded` when the password was right. */
export interface LoginTicket {
  readonly pairKey: string;
  readonly pair: WindowEntry;
  readonly usernameKey: string;
  readonly username: WindowEntry;
}

export type LoginReservation =
  | { ok: true; ticket: LoginTicket }
  /**
   * `address`: this username has used up its failures from this address;
   * `slowdown`: the username is under attack, and another check ran a moment ago.
   */
  | { ok: false; reason: 'address' | 'slowdown'; retryAfterSeconds: number };

export interface LoginThrottleOptions {
  /** Failures per username and address per window, and the username's slow-down threshold. */
  limit: number;
  /** Under slow-down, one password check per this many milliseconds per username. */
  slowdownMs: number;
  windowMs?: number;
  now?: () => number;
}

/**
 * Limits password checks in this process. Each check is reserved synchronously,
 * before any await, and counts as a failure unless the password turns out right,
 * so parallel guesses cannot all slip past the limit.
 *
 * - Per username and client address: `limit` failures per window, then 429 for
 *   that pair only, so an attacker cannot lock the owner out from elsewhere.
 * - Per username, from any address: once it has `limit` failures in the window,
 *   at most one check per `slowdownMs` starts, which bounds a distributed attack
 *   while the owner still gets in after a short wait.
 *
 * Missing usernames are counted the same way: answering differently would tell
 * which accounts exist.
 */
export class LoginThrottle {
  private readonly pairs: WindowCounters;
  private readonly usernames: WindowCounters;
  private readonly limit: number;
  private readonly slowdownMs: number;
  private readonly now: () => number;

  constructor(options: LoginThrottleOptions) {
    const windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
    this.pairs = new WindowCounters(windowMs);
    this.usernames = new WindowCounters(windowMs);
    this.limit = options.limit;
    this.slowdownMs = options.slowdownMs;
    this.now = options.now ?? Date.now;
  }

  /** Reserves one password check of folded `username` from `address`, or says how long to wait. */
  reserve(username: string, address: string): LoginReservation {
    const now = this.now();
    // A NUL cannot occur in a username, so no two pairs share a key.
    const pairKey = `${username}\u0000${address}`;
    const pairSoFar = this.pairs.current(pairKey, now);
    if (pairSoFar && pairSoFar.count >= this.limit) {
      return { ok: false, reason: 'address', retryAfterSeconds: seconds(pairSoFar.resetAt - now) };
    }
    const userSoFar = this.usernames.current(username, now);
    if (userSoFar && userSoFar.count >= this.limit) {
      if (userSoFar.nextSlotAt > now) {
        return {
          ok: false,
          reason: 'slowdown',
          retryAfterSeconds: seconds(userSoFar.nextSlotAt - now),
        };
      }
      userSoFar.nextSlotAt = now + this.slowdownMs;
    }
    const pair = this.pairs.open(pairKey, now);
    const user = this.usernames.open(username, now);
    pair.count += 1;
    user.count += 1;
    return { ok: true, ticket: { pairKey, pair, usernameKey: username, username: user } };
  }

  /**
   * The password was right: the address's failures for this username are
   * forgotten and the reservation is refunded. The username's other failures
   * stay, so one good login does not reopen the way for a distributed attack.
   */
  succeeded(ticket: LoginTicket): void {
    this.pairs.drop(ticket.pairKey, ticket.pair);
    ticket.username.count = Math.max(0, ticket.username.count - 1);
    if (ticket.username.count === 0) this.usernames.drop(ticket.usernameKey, ticket.username);
  }

  /** How many pairs and usernames are remembered (for tests of the memory bound). */
  get sizes(): { pairs: number; usernames: number } {
    return { pairs: this.pairs.size, usernames: this.usernames.size };
  }
}

/** Whole seconds for Retry-After, never 0. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
