import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/api folder, found from this module whether it runs from src/ or bundled in dist/. */
function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const API_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = join(API_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST = join(API_ROOT, '..', 'web', 'dist');
