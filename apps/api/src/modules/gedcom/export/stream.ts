import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Db } from '../../../db/client';

/** Seconds a refused export is told to wait (a 200k-person export takes about that long). */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

export const exportMessages = {
  busy: 'Азыр башка GEDCOM экспорту жүрүп жатат. Бир аздан кийин кайра аракет кылыңыз.',
} as const;

/**
 * At most `limit` exports at once in this process. A whole-tree export reads every person: on
 * PGlite (one WebAssembly instance, queries one at a time) each running export delays every
 * other request, so the excess is refused at once (429 + Retry-After) rather than queued —
 * a queue would keep sockets and memory busy and let a few clients fill it.
 */
export class ExportSlots {
  private used = 0;

  constructor(readonly limit: number) {}

  get running(): number {
    return this.used;
  }

  /** A slot's release function (idempotent), or null when every slot is taken. */
  take(): (() => void) | null {
    if (this.used >= this.limit) return null;
    this.used += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= 1;
    };
  }
}

/**
 * The export as a byte stream that reads no further ahead than one batch: the generator is
 * advanced only when the socket has drained (a slow client slows the export down, it does
 * not pile it up in memory), and when the client goes away Fastify destroys the stream, which
 * stops the generator at its next batch. `release` runs once the generator has stopped, by
 * completion, error or disconnect.
 */
export function exportStream(source: AsyncGenerator<string>, release: () => void): Readable {
  const stream = Readable.from(source, { objectMode: false, highWaterMark: 16 * 1024 });
  stream.once('close', release);
  return stream;
}

/** Longest an export query waits for the other requests before it runs anyway. */
const GIVE_WAY_MAX_MS = 25;

/**
 * The requests this server is answering, so that a background job can give way to them. An
 * export's own request is taken out of the count (`exempt`).
 */
export class RequestActivity {
  private active = 0;
  private readonly exempted = new WeakSet<IncomingMessage>();
  private readonly waiters = new Set<() => void>();

  constructor(server: Server) {
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.active += 1;
      response.once('close', () => {
        if (this.exempted.has(request)) return;
        this.active -= 1;
        if (this.active === 0) for (const wake of [...this.waiters]) wake();
      });
    });
  }

  /** Leaves `request` (a long background download) out of the count. */
  exempt(request: IncomingMessage): void {
    if (this.exempted.has(request)) return;
    this.exempted.add(request);
    // Requests answered without the server (app.inject in tests) were never counted.
    if (this.active > 0) this.active -= 1;
    if (this.active === 0) for (const wake of [...this.waiters]) wake();
  }

  /** Resolves when no counted request is in progress, or after `maxMs`. */
  idle(maxMs: number): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, maxMs);
      this.waiters.add(wake);
    });
  }
}

/**
 * The database as exports see it: their queries run one at a time (all exports of this process
 * take turns), and each first waits (up to GIVE_WAY_MAX_MS) until no other request is being
 * answered. On PGlite queries run one at a time on the main thread, so a page view then waits
 * for at most one short export query, however many exports are open; under constant traffic
 * the exports still advance, one query per GIVE_WAY_MAX_MS.
 */
export function givingWay(db: Db, activity: RequestActivity): Db {
  let turn: Promise<void> = Promise.resolve();
  // Only `execute` is used by the export (queryRows); its result is awaited at once.
  const execute = async (query: Parameters<Db['execute']>[0]) => {
    const previous = turn;
    let done = () => {};
    turn = new Promise((resolve) => (done = resolve));
    try {
      await previous;
      await activity.idle(GIVE_WAY_MAX_MS);
      return await db.execute(query);
    } finally {
      done();
    }
  };
  return new Proxy(db, {
    get: (target, property, receiver): unknown =>
      property === 'execute' ? execute : Reflect.get(target, property, receiver),
  });
}
