import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from './env';

/**
 * The example files of docs/deploying (docs/operations.md, "Deploying") against the code they
 * configure, so that a renamed variable, script or build output cannot leave them behind.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

/** `KEY=value` lines; with `commented`, also `# KEY=value` examples. */
function assignments(text: string, commented: boolean): Map<string, string> {
  const pattern = commented ? /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/ : /^([A-Z][A-Z0-9_]*)=(.*)$/;
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = pattern.exec(line.trim());
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

/** `Key=value` settings of a systemd unit, every value of each key. */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

const envExample = read('docs/deploying/bagysh.env');
const env = Object.fromEntries(assignments(envExample, false));
const config = loadConfig(env);
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
  .scripts;

describe('docs/deploying/bagysh.env', () => {
  it('names only variables the server reads, commented examples included', () => {
    const names = [...assignments(envExample, true).keys()];
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
  });

  it('is a valid configuration for a public site behind a proxy on PostgreSQL', () => {
    expect(config).toMatchObject({
      host: '127.0.0.1',
      trustProxy: 1,
      hsts: true,
      demoData: 'false',
      logLevel: 'info',
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.publicUrl).toMatch(/^https:\/\//);
  });
});

describe('docs/deploying/bagysh.service', () => {
  const unit = unitSettings(read('docs/deploying/bagysh.service'));

  it('runs the built server as `npm run serve` does, with the settings file', () => {
    const [execStart] = unit.get('ExecStart') ?? [];
    // With the API's heap limit (decision 012), as `npm start` has it too.
    const serve = rootScripts.serve ?? '';
    expect(serve).toMatch(/^node --max-old-space-size=\d+ apps\/api\/dist\/server\.js$/);
    expect(execStart).toBe(`/usr/bin/${serve}`);
    expect(rootScripts.start).toBe(serve.replace('apps/api/dist/server.js', 'scripts/start.mjs'));
    expect(read('apps/api/build.mjs')).toContain("outfile: 'dist/server.js'");
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/bagysh/bagysh.env']);
    expect(unit.get('WorkingDirectory')).toEqual(['/srv/bagysh']);
    expect(unit.get('User')).toEqual(['bagysh']);
    expect(unit.get('Restart')).toEqual(['on-failure']);
  });

  it('gives the server more time to stop than it gives requests in flight', () => {
    const stop = Number(unit.get('TimeoutStopSec')?.[0]);
    expect(stop).toBeGreaterThan(config.shutdownTimeoutSeconds);
    expect(stop).toBeGreaterThan(loadConfig({}).shutdownTimeoutSeconds);
  });
});

describe('docs/deploying backup timer', () => {
  it('runs npm run backup with --out and keeps two weeks, every night', () => {
    const service = unitSettings(read('docs/deploying/bagysh-backup.service'));
    expect(rootScripts.backup).toBeDefined();
    expect(service.get('ExecStart')?.[0]).toContain(
      'npm run -s backup -- --out /var/backups/bagysh/',
    );
    expect(service.get('ExecStartPost')?.[0]).toMatch(
      /find \/var\/backups\/bagysh .* -mtime \+14 -delete/,
    );
    expect(service.get('EnvironmentFile')).toEqual(['/etc/bagysh/bagysh.env']);
    const timer = unitSettings(read('docs/deploying/bagysh-backup.timer'));
    expect(timer.get('OnCalendar')).toEqual(['*-*-* 03:15']);
  });
});

describe('docs/deploying reverse proxies', () => {
  const upstream = `127.0.0.1:${config.port}`;
  const uploadMb = loadConfig({}).uploadMaxBytes / (1024 * 1024);

  it('nginx: TLS, the server as upstream, uploads of full size, an X-Forwarded-For of its own', () => {
    const nginx = read('docs/deploying/nginx.conf');
    expect(nginx).toContain(`proxy_pass http://${upstream};`);
    expect(nginx).toMatch(/listen 443 ssl/);
    expect(Number(/client_max_body_size (\d+)m;/.exec(nginx)?.[1])).toBeGreaterThan(uploadMb);
    // Appending to the client's header would let anyone choose the address rate limits see.
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });

  it('Caddy: the server as upstream, uploads of full size', () => {
    const caddy = read('docs/deploying/Caddyfile');
    expect(caddy).toContain(`reverse_proxy ${upstream}`);
    expect(Number(/max_size (\d+)MB/.exec(caddy)?.[1])).toBeGreaterThan(uploadMb);
  });
});
