import { describe, expect, it } from 'vitest';
import { loadsInBulk } from './move';

describe('loadsInBulk: when an import drops and rebuilds the tree indexes', () => {
  const large = { replace: false, total: 200_000 };

  it('on PostgreSQL, only into an empty tree: readers of a tree are never locked out', () => {
    expect(loadsInBulk({ ...large, embedded: false }, 0)).toBe(true);
    // The demonstration tree, or a tree being replaced, stays readable until the commit.
    expect(loadsInBulk({ ...large, embedded: false }, 351)).toBe(false);
    expect(loadsInBulk({ ...large, replace: true, embedded: false }, 50_000)).toBe(false);
  });

  it('on PGlite, whenever the import is ten times the tree or replaces it', () => {
    expect(loadsInBulk({ ...large, embedded: true }, 351)).toBe(true);
    expect(loadsInBulk({ ...large, embedded: true }, 20_001)).toBe(false);
    expect(loadsInBulk({ ...large, replace: true, embedded: true }, 50_000)).toBe(true);
  });
});
