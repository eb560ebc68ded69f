import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Rate-limit counters in the database (rate-limiter-flexible's Drizzle store, table
 * `rate_limits`): every API process on one PostgreSQL counts against the same limits, and each
 * count is one atomic INSERT … ON CONFLICT … RETURNING. The same store on PGlite (one process):
 * one code path, and a flood of distinct keys costs rows that are swept, not memory.
 */

export interface LimiterOptions {
  /** Keeps one limiter's keys apart from another's in the shared table. */
  keyPrefix: string;
  points: number;
  durationMs: number;
}

/** A fixed-window counter per key, shared through `db`. */
export function createLimiter(db: Db, options: LimiterOptions): RateLimiterAbstract {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationMs / 1000,
    // The library's own sweep outlives the app (a timer per limiter): `sweepRateLimits`.
    clearExpiredByTimeout: false,
  });
}

/** Deletes, every few minutes, counters whose window ended an hour ago; answers the stop. */
export function sweepRateLimits(db: Db, everyMs = 5 * 60_000): () => void {
  const timer = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(Date.now() - 3_600_000)))
      .catch(() => undefined);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit over `createLimiter`, so routes keep declaring
 * `config.rateLimit`. Each route's counters are kept apart by its method and URL.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly limiters = new Map<string, RateLimiterAbstract>();

    constructor(
      _pluginOptions?: unknown,
      private readonly prefix = 'route',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const id = `${timeWindow}:${max}`;
      let limiter = this.limiters.get(id);
      if (!limiter) {
        limiter = createLimiter(db, {
          keyPrefix: this.prefix,
          points: max,
          durationMs: timeWindow,
        });
        this.limiters.set(id, limiter);
      }
      // `penalty` counts without refusing: the plugin compares `current` with `max` itself.
      limiter.penalty(key).then(
        (result) => callback(null, { current: result.consumedPoints, ttl: result.msBeforeNext }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Typed as route options, but the plugin passes its merged parameters with `routeInfo`.
    child(options: object): FastifyRateLimitStore {
      const { method, url } = (options as RouteParams).routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new DatabaseRateLimitStore(undefined, `route:${methods}:${url ?? ''}`);
    }
  };
}
