import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..');
const SCRIPT = join(WEB, 'scripts', 'bundle-size.mjs');
const BUDGET_KB = 170;

function check(dist?: string) {
  const result = spawnSync(process.execPath, dist ? [SCRIPT, dist] : [SCRIPT], {
    encoding: 'utf8',
  });
  const total = /initial JS of \/ \(gzip\): ([\d.]+) KB/.exec(result.stdout)?.[1];
  return { status: result.status, total: total === undefined ? NaN : Number(total), result };
}

describe('the landing page’s JavaScript budget', () => {
  it(`keeps the initial JS of / (built by the e2e set-up) within ${BUDGET_KB} KB gzipped`, () => {
    const { status, total, result } = check();
    expect(result.stderr).toBe('');
    expect(total).toBeGreaterThan(50); // it measured the real app, not nothing
    expect(total).toBeLessThanOrEqual(BUDGET_KB);
    expect(status).toBe(0);
  });

  it('fails a build whose initial JS is over the budget', () => {
    const dist = mkdtempSync(join(tmpdir(), 'bagysh-budget-'));
    try {
      mkdirSync(join(dist, 'assets'));
      // Random bytes do not compress: 120 KB + 90 KB of them is over 170 KB gzipped.
      writeFileSync(join(dist, 'assets', 'index-a.js'), randomBytes(120 * 1024).toString('base64'));
      writeFileSync(join(dist, 'assets', 'vendor-b.js'), randomBytes(90 * 1024).toString('base64'));
      writeFileSync(join(dist, 'assets', 'page-c.js'), randomBytes(300 * 1024).toString('base64'));
      writeFileSync(
        join(dist, 'index.html'),
        '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
      );
      const { status, total, result } = check(dist);
      expect(total).toBeGreaterThan(BUDGET_KB);
      expect(result.stderr).toContain('Bundle budget exceeded.');
      expect(status).toBe(1);
      // A lazily loaded page does not count.
      expect(result.stdout).toMatch(/^ {2}.*assets\/page-c\.js$/m);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
