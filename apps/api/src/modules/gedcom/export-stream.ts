import { Readable } from 'node:stream';

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
