import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { createLimiter } from '../../lib/rate-limits';

/** How long failed logins are remembered (a fixed window from the first one). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** A reserved password check: hand it back to `succeeded` when the password was right. */
export interface LoginTicket {
  readonly pairKey: string;
  readonly username: string;
  /** The check took the username's slow-down slot. */
  readonly slot: boolean;
}

export type LoginReservation =
  | { ok: true; ticket: LoginTicket }
  /**
   * `address`: this username has used up its failures from this address;
   * `slowdown`: the username is under attack, and another check ran a moment ago.
   */
  | { ok: false; reason: 'address' | 'slowdown'; retryAfterSeconds: number };

export interface LoginThrottleOptions {
  /** Where the counters live (table `rate_limits`), shared by every process on it. */
  db: Db;
  /** Failures per username and address per window, and the username's slow-down threshold. */
  limit: number;
  /** Under slow-down, one password check per this many milliseconds per username. */
  slowdownMs: number;
  windowMs?: number;
}

/**
 * Limits password checks, with counters in the database so that every API process counts
 * against the same limits. Each check is reserved by an atomic increment before the password
 * is verified, and counts as a failure unless the password turns out right, so parallel
 * guesses — in one process or several — cannot all slip past the limit.
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
  private readonly pairs: RateLimiterAbstract;
  private readonly usernames: RateLimiterAbstract;
  /** One point per slow-down interval per username. */
  private readonly slots: RateLimiterAbstract;
  private readonly limit: number;

  constructor(options: LoginThrottleOptions) {
    const durationMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
    const { db, limit } = options;
    this.pairs = createLimiter(db, { keyPrefix: 'login-pair', points: limit, durationMs });
    this.usernames = createLimiter(db, { keyPrefix: 'login-user', points: limit, durationMs });
    this.slots = createLimiter(db, {
      keyPrefix: 'login-slot',
      points: 1,
      durationMs: options.slowdownMs,
    });
    this.limit = limit;
  }

  /** Reserves one password check of folded `username` from `address`, or says how long to wait. */
  async reserve(username: string, address: string): Promise<LoginReservation> {
    // Unambiguous whatever the two contain, so no two pairs share a key.
    const pairKey = JSON.stringify([username, address]);
    const pair = await this.pairs.penalty(pairKey);
    if (pair.consumedPoints > this.limit) {
      // Counting past the limit is harmless: the window does not move.
      return { ok: false, reason: 'address', retryAfterSeconds: seconds(pair.msBeforeNext) };
    }
    const user = await this.usernames.penalty(username);
    let slot = false;
    if (user.consumedPoints > this.limit) {
      try {
        await this.slots.consume(username);
        slot = true;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        // Not a password check: it must not count as a failure.
        await Promise.all([this.pairs.reward(pairKey), this.usernames.reward(username)]);
        return {
          ok: false,
          reason: 'slowdown',
          retryAfterSeconds: seconds(refused.msBeforeNext),
        };
      }
    }
    return { ok: true, ticket: { pairKey, username, slot } };
  }

  /**
   * The password was right but a second factor is still to come: the reservation is refunded,
   * and the address's earlier failures stay until the code is right too (`succeeded`), so a
   * known password does not reopen the way for guessing codes.
   */
  async refund(ticket: LoginTicket): Promise<void> {
    await Promise.all([
      this.pairs.reward(ticket.pairKey),
      this.usernames.reward(ticket.username),
      // The code's own check takes a slot again, so codes stay one per slow-down interval.
      ticket.slot ? this.slots.reward(ticket.username) : undefined,
    ]);
  }

  /**
   * The sign-in was right (the password, and the code when one was asked for): the address's failures for this username are
   * forgotten and the reservation is refunded. The username's other failures
   * stay, so one good login does not reopen the way for a distributed attack.
   */
  async succeeded(ticket: LoginTicket): Promise<void> {
    await Promise.all([this.pairs.delete(ticket.pairKey), this.usernames.reward(ticket.username)]);
  }
}

/** Whole seconds for Retry-After, never 0. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
