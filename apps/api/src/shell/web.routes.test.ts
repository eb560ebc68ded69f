import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp } from '../test/app';

// A script as the build leaves it: the file, and its .br and .gz beside it.
const SCRIPT = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Багыш ${i}`))};\n`;
const BROTLI = brotliCompressSync(SCRIPT);
const GZIP = gzipSync(SCRIPT, { level: 9 });
// A font is compressed already: the build writes no .br for it.
const FONT = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
const PAGE = `<!doctype html><html><head><title>Багыш</title></head><body><div id="root"></div>${'<!-- x -->'.repeat(200)}</body></html>`;

function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bagysh-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), BROTLI);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), GZIP);
  writeFileSync(join(dir, 'assets', 'inter-abc123.woff2'), FONT);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'first-paint.json'),
    JSON.stringify({
      entry: ['assets/app-abc123.js'],
      pages: {
        home: ['assets/home-1.js', 'assets/query-2.js', 'assets/home-3.css'],
        search: ['assets/search-4.js', 'assets/query-2.js'],
      },
    }),
  );
  return dir;
}

let app: App;
beforeAll(async () => {
  app = await createTestApp({ webDistDir: makeWebDist() });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('built assets', () => {
  it('sends the brotli file to a browser that takes br, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's own file, sent as it is (with its length), not compressed again per request.
    expect(response.rawPayload.equals(BROTLI)).toBe(true);
    expect(response.headers['content-length']).toBe(String(BROTLI.length));
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client that takes only gzip, and the plain file otherwise', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(GZIP)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const plain of [
      await get('/assets/app-abc123.js'),
      await get('/assets/app-abc123.js', 'identity'),
    ]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends a font as it is (no second compression), with its length', async () => {
    const response = await get('/assets/inter-abc123.woff2', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(FONT.length));
    expect(response.rawPayload.equals(FONT)).toBe(true);
  });

  it('answers a missing asset with 404 whatever the client accepts', async () => {
    expect((await get('/assets/gone-123.js', 'br')).statusCode).toBe(404);
  });
});

describe('the page', () => {
  it('compresses index.html per response, for / and for a deep link, and keeps it revalidated', async () => {
    for (const url of ['/', '/search?q=1']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
    }
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });
});

describe('preloading a page’s scripts', () => {
  const preloads = (html: string) =>
    /<meta name="page-scripts" content="([^"]*)">/.exec(html)?.[1]?.split(' ') ?? [];

  it('names the scripts of the page a path opens in its head, and only those', async () => {
    const home = (await get('/')).body;
    expect(preloads(home)).toEqual(['assets/home-1.js', 'assets/query-2.js']);
    expect(home.indexOf('page-scripts')).toBeLessThan(home.indexOf('</head>'));
    // Not as links: those competed with the shell's first paint (main.tsx adds them).
    expect(home).not.toContain('modulepreload');
    expect(preloads((await get('/search?person=3')).body)).toEqual([
      'assets/search-4.js',
      'assets/query-2.js',
    ]);
    // A page without first-paint files, and a path that is no page.
    expect(preloads((await get('/about')).body)).toEqual([]);
    expect(preloads((await get('/no/such/page')).body)).toEqual([]);
  });

  it('does not serve the build’s own notes', async () => {
    expect((await get('/.vite/first-paint.json')).statusCode).toBe(404);
  });
});
