import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from './env';

describe('loadConfig', () => {
  it('fills the documented defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      jwtSecret: undefined,
      bodyLimitBytes: 1024 * 1024,
      uploadMaxBytes: 50 * 1024 * 1024,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('reads a postgres URL and numbers', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@localhost:5432/db',
      UPLOAD_MAX_BYTES: '2048',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@localhost:5432/db');
    expect(config.uploadMaxBytes).toBe(2048);
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="abc"');
    expect(message).toContain(
      'DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL',
    );
    expect(message).toContain('JWT_SECRET="short": must be at least 32 characters long');
  });

  it('reads the account rate limits, with defaults, and refuses zero', () => {
    expect(loadConfig({})).toMatchObject({
      loginRateLimit: 20,
      loginFailureLimit: 10,
      loginSlowdownSeconds: 2,
      registerRateLimit: 10,
      refreshRateLimit: 60,
    });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '3', REFRESH_RATE_LIMIT: '7' })).toMatchObject({
      loginRateLimit: 3,
      refreshRateLimit: 7,
    });
    expect(() => loadConfig({ LOGIN_FAILURE_LIMIT: '0' })).toThrow(/LOGIN_FAILURE_LIMIT="0"/);
    expect(loadConfig({ LOGIN_SLOWDOWN_SECONDS: '5' }).loginSlowdownSeconds).toBe(5);
    expect(() => loadConfig({ LOGIN_SLOWDOWN_SECONDS: '0' })).toThrow(/LOGIN_SLOWDOWN_SECONDS="0"/);
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY=true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY="yes"/);
  });

  it('takes PUBLIC_URL without its trailing slash, and otherwise the address it listens on', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://Bagysh.KG/' }).publicUrl).toBe('https://bagysh.kg');
    expect(loadConfig({ PUBLIC_URL: 'https://bagysh.kg/sanjyra//' }).publicUrl).toBe(
      'https://bagysh.kg/sanjyra',
    );
    for (const bad of ['bagysh.kg', '/sanjyra', 'ftp://bagysh.kg', 'https://bagysh.kg/?a=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL=/);
    }
  });

  it('turns HSTS on by itself exactly when PUBLIC_URL is https', () => {
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://bagysh.kg' }).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://bagysh.kg' }).hsts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://bagysh.kg', HSTS: 'false' }).hsts).toBe(false);
    expect(loadConfig({ HSTS: 'true' }).hsts).toBe(true);
    expect(() => loadConfig({ HSTS: 'yes' })).toThrow(/HSTS="yes"/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
  });

  it('reads the number of exports at once: 1 by default, never 0', () => {
    expect(loadConfig({}).exportConcurrency).toBe(1);
    expect(loadConfig({ EXPORT_CONCURRENCY: '3' }).exportConcurrency).toBe(3);
    expect(loadConfig({}).pgliteQueueLimit).toBe(200);
    expect(loadConfig({ PGLITE_QUEUE_LIMIT: '50' }).pgliteQueueLimit).toBe(50);
    expect(() => loadConfig({ PGLITE_QUEUE_LIMIT: '0' })).toThrow(/PGLITE_QUEUE_LIMIT="0"/);
    expect(() => loadConfig({ EXPORT_CONCURRENCY: '0' })).toThrow(/EXPORT_CONCURRENCY="0"/);
  });

  it('reads DEMO_DATA: auto by default, and refuses anything but auto, true or false', () => {
    expect(loadConfig({}).demoData).toBe('auto');
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe('false');
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe('true');
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(EnvError);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(
      /DEMO_DATA="yes": must be auto, true or false \(auto, true же false болушу керек\)/,
    );
  });

  it("reads the shutdown timeout: 25 s by default, below systemd's 30 s", () => {
    expect(loadConfig({}).shutdownTimeoutSeconds).toBe(25);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '5' }).shutdownTimeoutSeconds).toBe(5);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(
      /SHUTDOWN_TIMEOUT_SECONDS="0"/,
    );
  });

  it('reads the map tiles: OpenStreetMap by default, another server credited by its host', () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    const own = 'https://{s}.tiles.example.kg/map/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILES_URL: own }).mapTiles).toEqual({
      url: own,
      attribution: 'tiles.example.kg',
    });
    expect(
      loadConfig({ MAP_TILES_URL: own, MAP_TILES_ATTRIBUTION: '© Карта' }).mapTiles.attribution,
    ).toBe('© Карта');
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.kg/tile.png' })).toThrow(
      /MAP_TILES_URL=/,
    );
  });
});
