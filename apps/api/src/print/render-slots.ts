import { setImmediate as nextTurn } from 'node:timers/promises';
import { HttpError } from '../lib/http-errors';

/**
 * Printing a large branch is seconds of CPU in the server's one JavaScript thread. Two rules keep
 * the site answering meanwhile: a render yields to waiting requests every few milliseconds
 * (`yieldToRequests`), and at most `RENDER_SLOTS` renders run at once, `RENDER_QUEUE` more wait
 * for a slot, and a request past those is refused at once with 503 and Retry-After.
 */
export const RENDER_SLOTS = 2;
export const RENDER_QUEUE = 4;
const RETRY_AFTER_SECONDS = 10;

export const renderMessages = {
  busy: 'Азыр башка документтер даярдалып жатат. Бир аздан кийин кайра аракет кылыңыз.',
} as const;

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `render` when a slot is free; throws 503 when the queue is full too. */
export async function withRenderSlot<T>(render: () => Promise<T>): Promise<T> {
  if (running >= RENDER_SLOTS) {
    if (waiting.length >= RENDER_QUEUE) {
      throw new HttpError(503, renderMessages.busy, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await render();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Milliseconds of work between two yields. */
const SLICE_MS = 15;
let sliceStart = performance.now();

/**
 * Lets waiting requests run when this render has worked for a slice: call it in a render's
 * loops (per box, per person); it costs nothing until the slice is used up.
 */
export async function yieldToRequests(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await nextTurn();
  sliceStart = performance.now();
}
