import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_ENTRIES, type LoginReservation } from './login-throttle';

function clock(start = 1_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

const admitted = (reservation: LoginReservation) => reservation.ok;

describe('LoginThrottle', () => {
  it('reserves before the check: the limit holds however many start at once', () => {
    const { now } = clock();
    const throttle = new LoginThrottle({ limit: 3, slowdownMs: 60_000, now });
    // Nineteen parallel attempts: none has finished, so none has "failed" yet.
    const answers = Array.from({ length: 19 }, () => throttle.reserve('asan', '192.0.2.1'));
    expect(answers.filter(admitted)).toHaveLength(3);
    expect(answers[3]).toEqual({ ok: false, reason: 'address', retryAfterSeconds: 900 });
  });

  it('locks one username and address pair until its window ends, not other addresses', () => {
    const { time, now } = clock();
    const throttle = new LoginThrottle({ limit: 2, slowdownMs: 1_000, windowMs: 60_000, now });
    expect(admitted(throttle.reserve('asan', 'a'))).toBe(true);
    expect(admitted(throttle.reserve('asan', 'a'))).toBe(true);
    expect(throttle.reserve('asan', 'a')).toMatchObject({ ok: false, reason: 'address' });
    expect(admitted(throttle.reserve('usen', 'a'))).toBe(true);
    // The username is now at its limit: another address is slowed down, not locked.
    expect(admitted(throttle.reserve('asan', 'b'))).toBe(true);
    time.now += 59_999;
    expect(throttle.reserve('asan', 'a')).toEqual({
      ok: false,
      reason: 'address',
      retryAfterSeconds: 1,
    });
    time.now += 1;
    expect(admitted(throttle.reserve('asan', 'a'))).toBe(true);
  });

  it('admits one check per slow-down interval once a username has `limit` failures anywhere', () => {
    const { time, now } = clock();
    const throttle = new LoginThrottle({ limit: 3, slowdownMs: 2_000, now });
    const answers = Array.from({ length: 100 }, (_, i) => throttle.reserve('asan', `10.0.0.${i}`));
    // `limit` checks, then the first slot of the slow-down.
    expect(answers.filter(admitted)).toHaveLength(4);
    expect(answers[4]).toEqual({ ok: false, reason: 'slowdown', retryAfterSeconds: 2 });
    time.now += 1_500;
    expect(throttle.reserve('asan', 'owner')).toEqual({
      ok: false,
      reason: 'slowdown',
      retryAfterSeconds: 1,
    });
    time.now += 500;
    expect(admitted(throttle.reserve('asan', 'owner'))).toBe(true);
    expect(throttle.reserve('asan', 'other')).toMatchObject({ ok: false, reason: 'slowdown' });
    // Other usernames are not slowed down.
    expect(admitted(throttle.reserve('usen', 'x'))).toBe(true);
  });

  it('refunds a right password: its address starts over, the username keeps the rest', () => {
    const { now } = clock();
    const throttle = new LoginThrottle({ limit: 2, slowdownMs: 60_000, now });
    const reserveTicket = (address: string) => {
      const reservation = throttle.reserve('asan', address);
      if (!reservation.ok) throw new Error(`refused: ${reservation.reason}`);
      return reservation.ticket;
    };
    // The owner mistypes once, then gets it right.
    reserveTicket('owner');
    throttle.succeeded(reserveTicket('owner'));
    // The owner's address is clear again; the username keeps the one failure.
    expect(throttle.sizes).toEqual({ pairs: 0, usernames: 1 });
    reserveTicket('attacker');
    // The username is at its limit: the slow-down admits one, which succeeds…
    throttle.succeeded(reserveTicket('owner-phone'));
    // …yet the username stays slowed down, so a good login does not reopen the way.
    expect(throttle.reserve('asan', 'elsewhere')).toMatchObject({ ok: false, reason: 'slowdown' });
  });

  it('keeps memory bounded under a flood of different usernames and addresses', () => {
    const { time, now } = clock(0);
    const throttle = new LoginThrottle({ limit: 1, slowdownMs: 1_000, windowMs: 1_000, now });
    for (let i = 0; i < 20_000; i += 1) throttle.reserve(`old_${i}`, `10.0.${i}`);
    time.now = 5_000;
    throttle.reserve('fresh', 'a');
    for (let i = 0; i < 10_001; i += 1) throttle.reserve(`new_${i}`, 'b');
    // The expired entries were swept; the fresh one is still counted.
    expect(throttle.reserve('fresh', 'a')).toMatchObject({ ok: false, reason: 'address' });
    expect(admitted(throttle.reserve('old_1', '10.0.1'))).toBe(true);
    expect(throttle.sizes.pairs).toBeLessThan(11_000);
    expect(throttle.sizes.usernames).toBeLessThan(11_000);
  });

  it('never remembers more than MAX_ENTRIES keys per counter, dropping the oldest', () => {
    const throttle = new LoginThrottle({ limit: 1, slowdownMs: 1_000 });
    for (let i = 0; i < MAX_ENTRIES + 5_000; i += 1) throttle.reserve(`name_${i}`, 'a');
    expect(throttle.sizes).toEqual({ pairs: MAX_ENTRIES, usernames: MAX_ENTRIES });
    expect(admitted(throttle.reserve('name_0', 'a'))).toBe(true);
    expect(throttle.reserve(`name_${MAX_ENTRIES + 4_999}`, 'a')).toMatchObject({ ok: false });
  });
});
