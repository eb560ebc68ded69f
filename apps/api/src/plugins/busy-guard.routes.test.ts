import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { busyMessages, BUSY_RETRY_AFTER_SECONDS } from './busy-guard';

/**
 * The embedded database's bounded queue (docs/operations.md): with the limit of API requests
 * being served on PGlite, one more is refused at once with 503 and Retry-After, the health check
 * is answered, and everything is served again once they are done. PostgreSQL refuses nothing.
 */
describe('a burst of requests on the embedded database', () => {
  it('is refused past the limit with 503 and Retry-After on PGlite, never on PostgreSQL', async () => {
    const app = await createTestApp({ pgliteQueueLimit: 3 });
    // The database is busy for a moment: the burst's first requests are still being served
    // when the others arrive.
    const slow = app.database.executeSql('select pg_sleep(0.3)');
    const burst = await Promise.all([
      ...Array.from({ length: 6 }, () => app.inject({ url: '/api/persons/?page_size=1' })),
      app.inject({ url: '/api/health/' }),
    ]);
    await slow;
    const statuses = burst.map((response) => response.statusCode);
    const health = statuses.pop();
    expect(health).toBe(200);
    if (app.database.kind === 'pglite') {
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      const refused = burst.filter((response) => response.statusCode === 503);
      expect(refused).toHaveLength(3);
      for (const response of refused) {
        expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
        expect(response.json()).toEqual({ detail: busyMessages.busy });
      }
    } else {
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    }

    // Served again once the burst is over, one after another as many as the limit and more.
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ url: '/api/persons/?page_size=1' })).statusCode).toBe(200);
    }
  });
});
