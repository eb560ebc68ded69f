import { Writable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestDatabase, testConfig } from '../test/app';
import { createTestUser, type TestUser } from '../test/factories';
import { loggedUrl } from './request-log';

/** Every JSON line the app's logger writes, as the server would print it. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});
const raw = () => JSON.stringify(lines);

let app: App;
let user: TestUser;

beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { level: 'info', stream: sink },
  });
  app.get('/api/log-probe/crash/', async () => {
    throw new Error('probe failure deep inside');
  });
  await app.ready();
  user = await createTestUser(app);
});
afterAll(() => app.close());

/** The log lines written while `act` runs (and the hooks right after it). */
async function logged(act: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const from = lines.length;
  await act();
  await tick();
  return lines.slice(from);
}

describe('request log', () => {
  it('writes one info line per request: method, path, status, time, size, request id', async () => {
    const out = await logged(() =>
      app.inject({ url: '/api/persons/?page_size=2', headers: { 'x-request-id': 'req-42' } }),
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: 'req-42',
      method: 'GET',
      url: '/api/persons/?page_size=2',
      status: 200,
    });
    expect(out[0]!.ms).toEqual(expect.any(Number));
    expect(out[0]!.bytes).toEqual(expect.any(Number));
  });

  it('never writes a body, a password, a token or a cookie', async () => {
    const password = 'Kupuya-Syrsoz-Log-7781';
    const out = await logged(async () => {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/login/',
        headers: { cookie: 'session=cookie-secret-value' },
        payload: { username: user.username, password },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { username: user.username, password: user.password },
      });
      expect(right.statusCode, right.body).toBe(200);
      await app.inject({ url: '/api/users/me/', headers: user.headers });
    });
    expect(out).toHaveLength(3);
    expect(out.map((line) => line.status)).toEqual([401, 200, expect.any(Number)]);
    const text = JSON.stringify(out);
    for (const secret of [password, user.password, user.token, 'cookie-secret-value']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('access');
    expect(raw()).not.toContain(password);
  });

  it('writes nothing for health checks', async () => {
    const out = await logged(async () => {
      await app.inject({ url: '/api/health/' });
      await app.inject({ url: '/api/health' });
    });
    expect(out).toEqual([]);
  });

  it('hides the signature of a signed download link', async () => {
    const out = await logged(() =>
      app.inject({ url: '/api/files/999999/download/?expires=1&signature=c2VjcmV0LXNpZw' }),
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.url).toBe('/api/files/999999/download/?expires=1&signature=%5Bredacted%5D');
    expect(JSON.stringify(out)).not.toContain('c2VjcmV0LXNpZw');
    expect(loggedUrl('/a/?TOKEN=x&q=y')).toBe('/a/?TOKEN=%5Bredacted%5D&q=y');
  });

  it('logs an unexpected failure at error level with its stack, and then its request line', async () => {
    const out = await logged(() => app.inject({ url: '/api/log-probe/crash/' }));
    expect(out).toHaveLength(2);
    const [error, request] = out;
    expect(error).toMatchObject({ level: 50, msg: 'unhandled error' });
    expect((error!.err as { stack: string }).stack).toContain('probe failure deep inside');
    expect(request).toMatchObject({ level: 30, msg: 'request', status: 500 });
    expect(request!.reqId).toBe(error!.reqId);
  });
});
