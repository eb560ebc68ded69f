import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { createTestDatabase } from '../test/app';
import { createLimiter, sweepRateLimits } from './rate-limits';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('sweeps counters an hour after their window, and only those', async () => {
  const hour = 3_600_000;
  await database.db.insert(rateLimits).values([
    { key: 'old', points: 3, expire: new Date(Date.now() - hour - 60_000) },
    { key: 'recent', points: 3, expire: new Date(Date.now() - hour + 60_000) },
  ]);
  const limiter = createLimiter(database.db, { keyPrefix: 'live', points: 2, durationMs: 60_000 });
  await limiter.penalty('a');
  const stop = sweepRateLimits(database.db, 20);
  try {
    let keys: string[] = [];
    for (let i = 0; i < 200; i++) {
      keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      if (!keys.includes('old')) break;
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(keys.sort()).toEqual(['live:a', 'recent']);
  } finally {
    stop();
  }
});
