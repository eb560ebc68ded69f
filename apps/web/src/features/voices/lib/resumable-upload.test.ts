import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadInParts, type UploadProgress } from './resumable-upload';

/**
 * A small fake of the uploads API: one session whose bytes grow with each part; the first
 * `busyParts` parts are refused as the server refuses a part while another one of the same
 * upload is being written.
 */
function fakeUploads(busyParts: number) {
  let received = 0;
  const calls: string[] = [];
  const json = (status: number, value: unknown) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = (input as string).replace(/^\/api\//, '');
      const method = init.method ?? 'GET';
      calls.push(`${method} ${path}`);
      const session = { id: 's1', received, size: 10 };
      if (method === 'POST' && path === 'uploads/') return json(201, session);
      if (method === 'PUT') {
        if (busyParts > 0) {
          busyParts -= 1;
          return json(409, { detail: 'busy', busy: true, offset: received });
        }
        received += (init.body as Blob).size;
        return json(200, { ...session, received });
      }
      if (method === 'POST' && path === 'uploads/s1/finish/') return json(201, { id: 1 });
      return json(200, session);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('uploadInParts', () => {
  it('waits, rather than sending again at once, while the server is still writing a part', async () => {
    vi.useFakeTimers();
    const calls = fakeUploads(1);
    const progress: UploadProgress[] = [];
    const done = uploadInParts({
      blob: new Blob(['0123456789'], { type: 'audio/webm' }),
      name: 'айтуучу.webm',
      public: false,
      onProgress: (step) => progress.push(step),
      signal: new AbortController().signal,
    });
    const puts = () => calls.filter((call) => call.startsWith('PUT')).length;
    // The blob's hash takes real time; the waiting after the refusal is on the fake clock.
    await vi.waitFor(() => expect(progress.at(-1)?.retryIn).toBe(2));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(puts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(calls).toEqual([
      'POST uploads/',
      'PUT uploads/s1/',
      'GET uploads/s1/',
      'PUT uploads/s1/',
      'POST uploads/s1/finish/',
    ]);
  });
});
