import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/app';
import { LoginThrottle, type LoginReservation, type LoginThrottleOptions } from './login-throttle';

/**
 * The throttle on the real database (its counters are rows of `rate_limits`), with the clock
 * moved by hand: the store computes windows from `Date.now()` in this process.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-21T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const admitted = (reservation: LoginReservation) => reservation.ok;
/** A throttle of its own per test: keys apart, so that tests do not meet in the table. */
let throttles = 0;
function throttle(options: Omit<LoginThrottleOptions, 'db'>) {
  const prefix = `t${(throttles += 1)}_`;
  const instance = new LoginThrottle({ db: database.db, ...options });
  return {
    reserve: (username: string, address: string) => instance.reserve(prefix + username, address),
    succeeded: instance.succeeded.bind(instance),
  };
}

describe('LoginThrottle', () => {
  it('reserves before the check: the limit holds however many start at once', async () => {
    const limiter = throttle({ limit: 3, slowdownMs: 60_000 });
    // Nineteen parallel attempts: none has finished, so none has "failed" yet.
    const answers = await Promise.all(
      Array.from({ length: 19 }, () => limiter.reserve('asan', '192.0.2.1')),
    );
    expect(answers.filter(admitted)).toHaveLength(3);
    for (const refused of answers.filter((answer) => !answer.ok)) {
      expect(refused).toEqual({ ok: false, reason: 'address', retryAfterSeconds: 900 });
    }
  });

  it('locks one username and address pair until its window ends, not other addresses', async () => {
    const limiter = throttle({ limit: 2, slowdownMs: 1_000, windowMs: 60_000 });
    expect(admitted(await limiter.reserve('asan', 'a'))).toBe(true);
    expect(admitted(await limiter.reserve('asan', 'a'))).toBe(true);
    expect(await limiter.reserve('asan', 'a')).toMatchObject({ ok: false, reason: 'address' });
    expect(admitted(await limiter.reserve('usen', 'a'))).toBe(true);
    // The username is now at its limit: another address is slowed down, not locked.
    expect(admitted(await limiter.reserve('asan', 'b'))).toBe(true);
    advance(59_999);
    expect(await limiter.reserve('asan', 'a')).toEqual({
      ok: false,
      reason: 'address',
      retryAfterSeconds: 1,
    });
    advance(1);
    expect(admitted(await limiter.reserve('asan', 'a'))).toBe(true);
  });

  it('admits one check per slow-down interval once a username has `limit` failures anywhere', async () => {
    const limiter = throttle({ limit: 3, slowdownMs: 2_000 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => limiter.reserve('asan', `10.0.0.${i}`)),
    );
    // `limit` checks, then the first slot of the slow-down.
    expect(answers.filter(admitted)).toHaveLength(4);
    for (const refused of answers.filter((answer) => !answer.ok)) {
      expect(refused).toEqual({ ok: false, reason: 'slowdown', retryAfterSeconds: 2 });
    }
    advance(1_500);
    expect(await limiter.reserve('asan', 'owner')).toEqual({
      ok: false,
      reason: 'slowdown',
      retryAfterSeconds: 1,
    });
    advance(500);
    expect(admitted(await limiter.reserve('asan', 'owner'))).toBe(true);
    expect(await limiter.reserve('asan', 'other')).toMatchObject({
      ok: false,
      reason: 'slowdown',
    });
    // Other usernames are not slowed down.
    expect(admitted(await limiter.reserve('usen', 'x'))).toBe(true);
  });

  it('refunds a right password: its address starts over, the username keeps the rest', async () => {
    const limiter = throttle({ limit: 2, slowdownMs: 60_000 });
    const reserveTicket = async (username: string, address: string) => {
      const reservation = await limiter.reserve(username, address);
      if (!reservation.ok) throw new Error(`refused: ${reservation.reason}`);
      return reservation.ticket;
    };
    // Another user mistypes once, then gets it right: the address is clear again.
    await reserveTicket('usen', 'home');
    await limiter.succeeded(await reserveTicket('usen', 'home'));
    await reserveTicket('usen', 'home');
    await reserveTicket('usen', 'home');
    expect(await limiter.reserve('usen', 'home')).toMatchObject({ ok: false, reason: 'address' });

    // The owner mistypes once, then gets it right; the username keeps the one failure.
    await reserveTicket('asan', 'owner');
    await limiter.succeeded(await reserveTicket('asan', 'owner'));
    await reserveTicket('asan', 'attacker');
    // The username is at its limit: the slow-down admits one, which succeeds…
    await limiter.succeeded(await reserveTicket('asan', 'owner-phone'));
    // …yet the username stays slowed down, so a good login does not reopen the way.
    expect(await limiter.reserve('asan', 'elsewhere')).toMatchObject({
      ok: false,
      reason: 'slowdown',
    });
  });

  it('counts in the database: two throttles on one database share the limits', async () => {
    // As two API processes would: each builds its own throttle over the same table.
    const options = { db: database.db, limit: 2, slowdownMs: 60_000 };
    const [first, second] = [new LoginThrottle(options), new LoginThrottle(options)];
    expect(admitted(await first.reserve('shared_asan', 'a'))).toBe(true);
    expect(admitted(await second.reserve('shared_asan', 'a'))).toBe(true);
    expect(await first.reserve('shared_asan', 'a')).toMatchObject({ ok: false, reason: 'address' });
    expect(await second.reserve('shared_asan', 'a')).toMatchObject({
      ok: false,
      reason: 'address',
    });
  });
});
