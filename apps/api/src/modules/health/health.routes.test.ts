import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthSchema, type Health } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { localMigrations } from '../../backup/backup-format';
import { createTestApp, createTestDatabase, testConfig } from '../../test/app';

const scratch = mkdtempSync(join(tmpdir(), 'bagysh-health-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const app = await createTestApp({ dataDir: join(scratch, 'data') });

async function health(target = app): Promise<{ status: number; body: Health }> {
  const response = await target.inject({ url: '/api/health/' });
  return { status: response.statusCode, body: HealthSchema.parse(response.json()) };
}

describe('GET /api/health/', () => {
  it('answers 200 with the database, its schema and the uploads folder', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      database: {
        status: 'ok',
        kind: app.database.kind,
        migrations_applied: localMigrations().length,
        migrations_expected: localMigrations().length,
        problem: null,
      },
      storage: { status: 'ok', writable: true, problem: null },
    });
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.storage.free_bytes).toBeGreaterThan(0);
    // The probe file is gone again.
    expect(readdirSync(join(scratch, 'data', 'files', 'tmp'))).toEqual([]);
  });

  it('answers 503 when the database has a schema this server does not know', async () => {
    await app.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${Date.now() + 1e9})`,
    );
    try {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body.status).toBe('error');
      expect(body.database).toMatchObject({
        status: 'error',
        migrations_applied: localMigrations().length + 1,
        problem: 'migrations',
      });
      expect(body.storage.status).toBe('ok');
    } finally {
      await app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-version'`,
      );
    }
    expect((await health()).status).toBe(200);
  });

  it('answers 503 when the uploads folder cannot be written (even as root)', async () => {
    const dataDir = join(scratch, 'broken');
    const broken = await createTestApp({ dataDir });
    expect((await health(broken)).status).toBe(200);
    // The uploads folder replaced by a regular file: nothing can be made under it, whoever asks.
    await rm(join(dataDir, 'files'), { recursive: true });
    writeFileSync(join(dataDir, 'files'), 'not a folder');
    const { status, body } = await health(broken);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'error',
      database: { status: 'ok' },
      storage: { status: 'error', writable: false, free_bytes: null, problem: 'ENOTDIR' },
    });
    expect(JSON.stringify(body)).not.toContain(scratch);
  });

  it('answers 503 when the database is gone', async () => {
    const database = await createTestDatabase();
    const lonely = await buildApp({
      config: testConfig({ dataDir: join(scratch, 'lonely') }),
      database: { ...database, close: async () => undefined },
      logger: false,
    });
    await lonely.ready();
    try {
      await database.close();
      const { status, body } = await health(lonely);
      expect(status).toBe(503);
      expect(body.database).toMatchObject({ status: 'error', latency_ms: null });
      expect(body.database.problem).toEqual(expect.any(String));
      expect(body.storage.status).toBe('ok');
    } finally {
      await lonely.close();
    }
  });
});

describe('the mail queue in GET /api/health/', () => {
  it('counts the mails that wait while the SMTP server cannot be reached', async () => {
    // A port nothing listens on: every delivery fails and waits for its retry.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const mailing = await createTestApp({
      dataDir: join(scratch, 'mailing'),
      smtpUrl: `smtp://127.0.0.1:${closed}`,
      mailRetryDelaySeconds: 60,
    });
    expect((await health(mailing)).body.mail).toEqual({
      transport: 'smtp',
      waiting: 0,
      failed: 0,
    });

    // A registration with an e-mail queues its confirmation link.
    const response = await mailing.inject({
      method: 'POST',
      url: '/api/register/',
      payload: {
        username: 'mail_waits',
        password: 'Tuura-Syrsoz-2024',
        email: 'waits@bagysh.test',
      },
    });
    expect(response.statusCode).toBe(201);
    const { status, body } = await health(mailing);
    expect(status).toBe(200);
    expect(body.mail).toMatchObject({ transport: 'smtp', waiting: 1, failed: 0 });
  });
});
