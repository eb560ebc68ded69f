import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..');
const SCRIPT = join(WEB, 'scripts', 'bundle-size.mjs');
const { routes } = JSON.parse(readFileSync(join(WEB, 'scripts', 'page-budgets.json'), 'utf8')) as {
  routes: { path: string; id: string; budgetKB: number }[];
};

function check(dist?: string) {
  const result = spawnSync(process.execPath, dist ? [SCRIPT, dist] : [SCRIPT], {
    encoding: 'utf8',
  });
  const totals = new Map(
    [...result.stdout.matchAll(/^route (\S+) \(gzip\): ([\d.]+) KB/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
  return { status: result.status, totals, result };
}

describe('the pages’ JavaScript and CSS budget', () => {
  it('keeps each page’s first-paint files (built by the e2e set-up) within its budget', () => {
    const { status, totals, result } = check();
    expect(result.stderr).toBe('');
    for (const route of routes) {
      const total = totals.get(route.path) ?? NaN;
      expect(total, route.path).toBeGreaterThan(100); // it measured the real app, not nothing
      expect(total, route.path).toBeLessThanOrEqual(route.budgetKB);
    }
    // Both pages count the entry: the search page's tree is more than the landing page's hero.
    expect(totals.get('/search')).toBeGreaterThan(totals.get('/') ?? Infinity);
    expect(status).toBe(0);
  });

  it('keeps zod out of the first paint of / and /search (docs/decisions/010)', () => {
    const dist = join(WEB, 'dist');
    const firstPaint = JSON.parse(
      readFileSync(join(dist, '.vite', 'first-paint.json'), 'utf8'),
    ) as { entry: string[]; pages: Record<string, string[]> };
    const withZod = readdirSync(join(dist, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `assets/${file}`)
      .filter((file) => readFileSync(join(dist, file), 'utf8').includes('ZodError'));
    expect(withZod.length).toBeGreaterThan(0); // the forms' pages have it
    for (const id of ['home', 'search']) {
      const files = [...firstPaint.entry, ...(firstPaint.pages[id] ?? [])];
      expect(
        files.filter((file) => withZod.includes(file)),
        id,
      ).toEqual([]);
    }
  });

  it('fails a build whose page is over its budget, counting the page’s lazy chunks too', () => {
    const dist = mkdtempSync(join(tmpdir(), 'bagysh-budget-'));
    const home = routes.find((route) => route.id === 'home')!;
    // Random bytes do not compress: the entry alone is within the budget, with the page's
    // own chunk it is not.
    const random = (kb: number) => randomBytes(kb * 1024).toString('base64');
    try {
      mkdirSync(join(dist, 'assets'));
      mkdirSync(join(dist, '.vite'));
      writeFileSync(join(dist, 'assets', 'index-a.js'), random(home.budgetKB / 2));
      writeFileSync(join(dist, 'assets', 'home-b.js'), random(home.budgetKB));
      writeFileSync(join(dist, 'assets', 'search-c.js'), random(4));
      writeFileSync(join(dist, 'assets', 'editor-d.js'), random(home.budgetKB));
      const pages = Object.fromEntries(routes.map((route) => [route.id, ['assets/search-c.js']]));
      writeFileSync(
        join(dist, '.vite', 'first-paint.json'),
        JSON.stringify({
          entry: ['assets/index-a.js'],
          pages: { ...pages, home: ['assets/home-b.js', 'assets/search-c.js'] },
        }),
      );
      const { status, totals, result } = check(dist);
      expect(totals.get('/')).toBeGreaterThan(home.budgetKB);
      expect(result.stderr).toContain('Bundle budget exceeded.');
      expect(status).toBe(1);
      // A chunk no page loads at first (the editor) is not counted.
      expect(result.stdout).toMatch(/assets\/home-b\.js$/m);
      expect(result.stdout).not.toContain('editor-d.js');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
