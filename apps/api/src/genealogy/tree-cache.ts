import type { Db } from '../db/client';

/**
 * Short-lived memory of expensive tree aggregates (list counts, statistics): counting a
 * million rows on every page would cost more than the page itself. A write in this process
 * clears it at once; writes in another API process show within `TTL_MS`.
 */
const TTL_MS = 30_000;

let generation = 0;
const caches = new WeakMap<Db, Map<string, { value: unknown; at: number; generation: number }>>();

/** Forgets every cached aggregate; called by each write to the tree. */
export function invalidateTreeCaches(): void {
  generation += 1;
}

/** Moves on at every write to the tree in this process: a value computed at an older one is stale. */
export function treeGeneration(): number {
  return generation;
}

/** `compute()` once per `key` and database, reused while fresh. */
export async function cachedAggregate<T>(
  db: Db,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.generation === generation && now - hit.at < TTL_MS) return hit.value as T;
  const seen = generation;
  const value = await compute();
  cache.set(key, { value, at: now, generation: seen });
  if (cache.size > 1000) cache.clear();
  return value;
}
