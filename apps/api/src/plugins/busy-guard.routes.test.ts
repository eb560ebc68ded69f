import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { busyMessages, BUSY_RETRY_AFTER_SECONDS } from './busy-guard';

/**
 * The embedded database's bounded queue (docs/operations.md): with queries queued on PGlite past
 * the limit, an API request is refused at once with 503 and Retry-After, the health check is
 * answered, and everything is served again once the queue drains. PostgreSQL refuses nothing.
 */
describe('a request to a busy database', () => {
  it('is refused past the limit with 503 and Retry-After on PGlite, never on PostgreSQL', async () => {
    const app = await createTestApp({ pgliteQueueLimit: 3 });
    const queue = () =>
      Array.from({ length: 10 }, () => app.database.executeSql('select pg_sleep(0.05)'));

    // Ten queries wait (PGlite runs one at a time): the request finds the queue full.
    let queued = queue();
    const refused = await app.inject({ url: '/api/persons/?page_size=1' });
    await Promise.all(queued);
    if (app.database.kind === 'pglite') {
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(refused.json()).toEqual({ detail: busyMessages.busy });
    } else {
      expect(refused.statusCode).toBe(200);
    }

    // The health check is answered, even with the queue full.
    queued = queue();
    const health = await app.inject({ url: '/api/health/' });
    await Promise.all(queued);
    expect(health.statusCode).toBe(200);

    // Drained: served again.
    expect((await app.inject({ url: '/api/persons/?page_size=1' })).statusCode).toBe(200);
  });
});
